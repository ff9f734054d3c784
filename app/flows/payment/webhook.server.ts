import type Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { done, problem, type Result } from "~/shared/problems";
import { cancelStripeSession, settleStripeSession } from "~/flows/payment/settle.server";
import type { ShopParts } from "~/flows/parts.server";
import {
  settleFromStripeRefund,
  settleRefundsOfPayment,
  type StripeRefundEvent,
} from "~/flows/refunds/provider-events.server";

const SETTLING = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);
const CANCELLING = new Set(["checkout.session.expired", "checkout.session.async_payment_failed"]);

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body; then the event is checked
 * against the stored order (X-SEC-5). Anything signed is acknowledged with 200 once handled, a
 * mismatch included (it is flagged for the owner, and Stripe retrying would change nothing).
 * Refund events (`refund.created`, `refund.updated`, `charge.refunded`) settle pending refunds.
 */
export async function handleStripeWebhook(
  db: Database,
  payload: string,
  signature: string | null,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Result<{ received: true }>> {
  const { stripe, webhookSecret } = parts.payments;
  if (!stripe || !webhookSecret) {
    return problem("not_found", "Stripe is not configured on this shop.");
  }
  if (!signature) return problem("invalid_input", "Missing Stripe-Signature header.");
  let event: Stripe.Event;
  try {
    // Rejects forged signatures and ones older than five minutes (replays).
    event = stripe.webhooks.constructEvent(payload, signature, webhookSecret, 300);
  } catch {
    return problem("invalid_input", "The webhook signature is not valid.");
  }
  // A signed event without its object (or with something else there) is the sender's mistake:
  // a 400 with a sentence, not a crash (X-SEC-18).
  const object: unknown = event.data?.object;
  if (!object || typeof object !== "object" || Array.isArray(object)) {
    return problem("invalid_input", "The webhook event has no object to act on.");
  }
  if (SETTLING.has(event.type)) {
    await settleStripeSession(
      db,
      event.data.object as Stripe.Checkout.Session,
      parts.settings,
      parts.clock.now(),
    );
  } else if (CANCELLING.has(event.type)) {
    await cancelStripeSession(
      db,
      event.data.object as Stripe.Checkout.Session,
      event.type === "checkout.session.async_payment_failed" ? "failed" : "expired",
    );
  } else if (event.type === "refund.updated" || event.type === "refund.created") {
    // Issue 27: Stripe's word on a refund settles it, whether it or the retry job comes first.
    await settleFromStripeRefund(db, event.data.object as StripeRefundEvent);
  } else if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    for (const refund of charge.refunds?.data ?? []) await settleFromStripeRefund(db, refund);
    const intent =
      typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    if (intent) await settleRefundsOfPayment(db, intent, parts.payments);
  }
  return done({ received: true });
}
