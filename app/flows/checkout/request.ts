import { z } from "zod";
import { text } from "~/shared/text";
import { type CartLine, priceLine } from "~/cart/cart";
import type { Catalogue } from "~/catalogue/catalogue";
import { DEFAULT_SHIPPING_METHOD, SHIPPING_METHOD_IDS } from "~/pricing/shipping";
import { type LineChoice, lineChoiceSchema } from "~/shared/line-choice";
import { DISCOUNT_CODE_MAX, CART_LINES_MESSAGE, MAX_CART_LINES } from "~/shared/limits";
import type { Problem } from "~/shared/problems";

/**
 * The body of POST /api/create-checkout-session. Prices, totals and a `discount` percentage may be
 * sent by old clients; they are not part of the schema and are ignored (X-CHK-1).
 */
export const checkoutRequestSchema = z.object({
  cartItems: z
    .array(lineChoiceSchema, { error: "cartItems must be a list of items." })
    .min(1, "Your cart is empty.")
    .max(MAX_CART_LINES, CART_LINES_MESSAGE),
  discountCode: text().trim().max(DISCOUNT_CODE_MAX).optional().nullable(),
  /** X-GIFT-3: gift card codes (XXXX-XXXX-XXXX-XXXX) that pay part or all of the order. */
  giftCards: z
    .array(text().trim().max(40), { error: "giftCards must be a list of codes." })
    .max(5, "At most 5 gift cards can pay one order.")
    .nullish()
    .transform((codes) => (codes ?? []).filter(Boolean)),
  /**
   * X-GIFT-3: who is paying, for an order the gift cards cover in full (there is then no payment
   * page to ask): an e-mail for the receipt, and the delivery address when something is posted.
   */
  customer: z
    .object({
      email: text().trim().max(254),
      firstName: text().trim().max(80).default(""),
      lastName: text().trim().max(80).default(""),
      phone: text().trim().max(40).default(""),
      address: text().trim().max(200).default(""),
      city: text().trim().max(100).default(""),
      postcode: text().trim().max(20).default(""),
      country: text().trim().max(80).default("United Kingdom"),
    })
    .nullish(),
  /** X-UK-1: absent (or null) means UK standard; any other value is refused. */
  shippingMethod: z
    .enum(SHIPPING_METHOD_IDS, {
      error: `shippingMethod must be one of ${SHIPPING_METHOD_IDS.map((id) => `"${id}"`).join(", ")}.`,
    })
    .nullish()
    .transform((id) => id ?? DEFAULT_SHIPPING_METHOD),
});

export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export type CheckedCart = { ok: true; lines: CartLine[] } | (Problem & { lineIndex: number });

/**
 * Checks every line against the catalogue as it is now and prices it there; the first problem,
 * if any: 409 with the product's own sentence when it has left the shop (X-CAT-3), else 400.
 */
export function checkCartItems(catalogue: Catalogue, items: readonly LineChoice[]): CheckedCart {
  const lines: CartLine[] = [];
  for (const [position, item] of items.entries()) {
    const { line, problem, gone } = priceLine(item, catalogue.all.get(item.productId));
    if (!line) {
      return gone
        ? { ok: false, kind: "conflict", message: problem, lineIndex: position }
        : {
            ok: false,
            kind: "invalid_input",
            message: `Item ${position + 1}: ${problem}`,
            lineIndex: position,
          };
    }
    lines.push(line);
  }
  return { ok: true, lines };
}

/** The first zod issue as a sentence. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const index = issue.path[1];
  const prefix =
    issue.path[0] === "cartItems" && typeof index === "number" ? `Item ${index + 1}: ` : "";
  return `${prefix}${issue.message}`;
}

/**
 * True when a checkout request carries gift card codes (X-GIFT-3): each such request counts
 * against the same per-address limit as the balance check, so checkout cannot be used to guess.
 */
export function hasGiftCardCodes(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("giftCards" in body)) return false;
  const codes = (body as { giftCards: unknown }).giftCards;
  return Array.isArray(codes) && codes.some((code) => typeof code === "string" && code.trim());
}
