import { sessionIdSchema } from "~/flows/checkout/verify.server";
import type { Database } from "~/db/client.server";
import type { PostalAddress } from "~/orders/schema";
import { fulfilPaidOrder } from "~/flows/fulfilment/fulfil.server";
import { destinationProblem } from "~/pricing/shipping";
import { findOrderBySession, markOrderCancelled, type Order } from "~/orders/orders.server";
import { isAwaitingPayment, isPaid } from "~/orders/status";
import { problem, type Problem } from "~/shared/problems";
import { cardFieldErrors, chargeTestCard } from "~/payments/cards";
import {
  type PaymentForm,
  paymentFieldErrors,
  paymentFormProblem,
  paymentFormSchema,
  usesShippingForBilling,
} from "~/payments/payment-form";
import type { Payments } from "~/payments/provider.server";
import type { ShopParts } from "~/flows/parts.server";
import { extendOrderHold, extensionsLeft } from "~/orders/expiry.server";
import { HOLD_EXTENSIONS_MAX } from "~/shared/limits";

export type SandboxPaymentResult = { ok: true; order: Order } | Problem;

/**
 * The sandbox order behind a session id; undefined for anything else, and for every session once
 * Stripe takes the payments: a test order must not be paid for free in a real shop (X-SEC-1).
 */
export async function findSandboxOrder(db: Database, sessionId: string, payments: Payments) {
  if (payments.provider.name !== "sandbox") return undefined;
  const id = sessionIdSchema.safeParse(sessionId);
  if (!id.success) return undefined;
  const order = await findOrderBySession(db, id.data);
  return order?.paymentProvider === "sandbox" ? order : undefined;
}

/** The payment page's form, as posted: checked, then paid like paySandboxSession. */
export async function paySandboxForm(
  db: Database,
  sessionId: string,
  body: FormData,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<{ ok: true; order: Order } | Problem> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of body) fields[key] = value;
  const form = paymentFormSchema.safeParse(fields);
  if (!form.success) {
    const issue = form.error.issues[0];
    return problem(
      "invalid_input",
      issue?.code === "custom" ? issue.message : "Please check the form and try again.",
    );
  }
  const result = await paySandboxSession(db, sessionId, form.data, parts);
  return result;
}

/**
 * Pays a sandbox session: checks the form and the card like Stripe test mode, keeps only the
 * card's brand and last four digits, stores the addresses and marks the order paid (once).
 */
export async function paySandboxSession(
  db: Database,
  sessionId: string,
  form: PaymentForm,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<SandboxPaymentResult> {
  const order = await findSandboxOrder(db, sessionId, parts.payments);
  if (!order) {
    return { ok: false, kind: "not_found", message: "This payment session does not exist." };
  }
  // Already paid (a second press, or the webhook first): the confirmation page has it.
  if (isPaid(order)) return { ok: true, order };
  if (!isAwaitingPayment(order)) {
    return {
      ok: false,
      kind: "conflict",
      message: "This order can no longer be paid. Please check out again.",
    };
  }
  if (order.expiresAt.getTime() <= parts.clock.now().getTime()) {
    // Past its time (X-STK-4): like Stripe, no payment; expire it now rather than wait for the runner.
    await markOrderCancelled(db, order.id);
    return {
      ok: false,
      kind: "conflict",
      message: "This order has expired and can no longer be paid. Please check out again.",
    };
  }
  // X-TEAM-6: an order delivered with its team asks a name, e-mail and phone, no address.
  const withTeam = Boolean(order.teamDeliveryAddress);
  // Every wrong field at once, each with its own message for the page (X-A11Y-2, issue 56 item
  // 8): blanks and the e-mail, the delivery country, the card's number, expiry and CVV. The
  // answer's sentence stays the spec's first one (S-CHK-5), then the country's, then the card's.
  const fieldErrors: Record<string, string> = { ...paymentFieldErrors(form, { withTeam }) };
  // X-UK-1: the delivery address must be one the chosen method delivers to.
  const destination = withTeam ? null : destinationProblem(order.shippingMethod, form.country);
  if (destination) fieldErrors.country ??= destination;
  const cardErrors = cardFieldErrors({ ...form, now: parts.clock.now() });
  for (const [field, message] of Object.entries(cardErrors)) fieldErrors[field] ??= message;
  const sentence = paymentFormProblem(form, { withTeam }) ?? destination;
  if (sentence) {
    return { ok: false, kind: "invalid_input", message: sentence, extra: { fieldErrors } };
  }
  const cardProblem = Object.values(cardErrors)[0];
  if (cardProblem) {
    return { ok: false, kind: "payment_declined", message: cardProblem, extra: { fieldErrors } };
  }
  const charge = chargeTestCard({ ...form, now: parts.clock.now() });
  if (!charge.ok) {
    const fieldErrors = { [charge.field]: charge.message };
    return { ok: false, kind: "payment_declined", message: charge.message, extra: { fieldErrors } };
  }

  const shipping: PostalAddress = {
    firstName: form.firstName,
    lastName: form.lastName,
    address: form.address,
    city: form.city,
    postcode: form.postcode.toUpperCase(),
    country: form.country || "United Kingdom",
  };
  const billing: PostalAddress = usesShippingForBilling(form)
    ? shipping
    : {
        firstName: form.billingFirstName,
        lastName: form.billingLastName,
        address: form.billingAddress,
        city: form.billingCity,
        postcode: form.billingPostcode.toUpperCase(),
        country: form.billingCountry || "United Kingdom",
      };
  const paid = await fulfilPaidOrder(
    db,
    order.id,
    {
      customerEmail: form.email,
      customerPhone: form.phone,
      shippingAddress: shipping,
      billingAddress: billing,
      cardBrand: charge.brand,
      cardLast4: charge.last4,
      paymentReference: `sandbox_${sessionId.slice(-12)}`,
    },
    parts.settings,
    parts.clock.now(),
  );
  if (!paid || !isPaid(paid)) {
    return {
      ok: false,
      kind: "conflict",
      message: "This order can no longer be paid. Please check out again.",
    };
  }
  return { ok: true, order: paid };
}

/** The payment page's view of an order's hold (issue 56): when it ends by the shop's clock. */
export function holdOf(order: Order, now: Date) {
  const ended = !isAwaitingPayment(order) || order.expiresAt.getTime() <= now.getTime();
  return {
    ended,
    expiresAt: order.expiresAt.toISOString(),
    now: now.toISOString(),
    extensionsLeft: extensionsLeft(order),
  };
}

export type KeepResult = { ok: true; expiresAt: Date; extensionsLeft: number } | Problem;

/**
 * "Keep my order" on the payment page (issue 56, WCAG 2.2.1): holds the order and its stock for
 * HOLD_EXTENSION_MINUTES more by the shop's clock, up to HOLD_EXTENSIONS_MAX times.
 */
export async function keepSandboxOrder(
  db: Database,
  sessionId: string,
  parts: Pick<ShopParts, "payments" | "clock">,
): Promise<KeepResult> {
  const order = await findSandboxOrder(db, sessionId, parts.payments);
  if (!order) {
    return { ok: false, kind: "not_found", message: "This payment session does not exist." };
  }
  const kept = await extendOrderHold(db, order.id, parts.clock.now());
  if (kept.ok) return kept;
  const message =
    kept.reason === "no_more"
      ? `This order has been kept longer ${HOLD_EXTENSIONS_MAX} times, the most we can hold it. Please pay before the time shown.`
      : "This order is no longer held. Please check out again.";
  return { ok: false, kind: "conflict", message };
}
