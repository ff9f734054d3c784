import { formatPence, type Pence } from "~/pricing/money";

/**
 * The rules of a discount code (S-CHK-3, X-OPS-9), in one place for the checkout, the code check
 * and the back office: the customer's three messages and the order they are checked in.
 */
export const INVALID_CODE = "Invalid discount code.";
export const USED_UP = "This code has been used up.";
export function minimumSpendMessage(minimumSpendPence: Pence): string {
  return `This code needs a subtotal of ${formatPence(minimumSpendPence)} or more.`;
}

export interface DiscountTerms {
  code: string;
  percent: number;
  active: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  uses: number;
  minimumSpendPence: number | null;
}

export type DiscountRefusalReason = "invalid" | "used_up" | "minimum_spend";

export type DiscountVerdict =
  | { ok: true; discount: { code: string; percent: number } }
  | { ok: false; reason: DiscountRefusalReason; error: string };

/** Whether the code can be used now on this subtotal (omit it when not known yet). */
export function discountVerdict(
  terms: DiscountTerms | undefined,
  now: Date,
  subtotalPence?: Pence,
): DiscountVerdict {
  if (
    !terms ||
    !terms.active ||
    (terms.startsAt && terms.startsAt.getTime() > now.getTime()) ||
    (terms.endsAt && terms.endsAt.getTime() <= now.getTime())
  ) {
    return { ok: false, reason: "invalid", error: INVALID_CODE };
  }
  if (terms.usageLimit !== null && terms.uses >= terms.usageLimit) {
    return { ok: false, reason: "used_up", error: USED_UP };
  }
  if (
    subtotalPence !== undefined &&
    terms.minimumSpendPence !== null &&
    subtotalPence < terms.minimumSpendPence
  ) {
    return {
      ok: false,
      reason: "minimum_spend",
      error: minimumSpendMessage(terms.minimumSpendPence),
    };
  }
  return { ok: true, discount: { code: terms.code, percent: terms.percent } };
}

/** The problem a refusal is: a code used up, or one not usable on this order (dates, spend).
 *  Unknown codes are "not_found" at the code check (the contract). */
export function refusalKind(reason: DiscountRefusalReason): "used_up" | "invalid_input" {
  return reason === "used_up" ? "used_up" : "invalid_input";
}

/** The owner's form of a code (issue 56): its fields in the order it shows them, so the error
 *  summary lists them so and the first wrong one is the refusal's sentence. */
export const DISCOUNT_FIELD_ORDER = [
  "code",
  "percent",
  "minimumSpend",
  "startsAt",
  "endsAt",
  "usageLimit",
] as const;

/** The owner's form's id prefix: "new", or "edit-<CODE>" for a code's own form. */
export const discountFormId = (code?: string) => (code ? `edit-${code}` : "new");
