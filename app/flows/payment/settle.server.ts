import type { Env } from "~/shared/settings";
import type { Database } from "~/db/client.server";
import { fulfilPaidOrder } from "~/flows/fulfilment/fulfil.server";
import {
  amountDuePence,
  findOrderById,
  findOrderBySession,
  flagOrder,
  markOrderCancelled,
  type Order,
} from "~/orders/orders.server";
import { legacyStatus } from "~/orders/status";
import { logError } from "~/security/log.server";
import { formatPence } from "~/pricing/money";
import { paymentDetailsFromSession, type StripeSession } from "~/payments/stripe.server";

/**
 * Why a Stripe Checkout Session cannot pay this order, or undefined when it can (X-SEC-5): it
 * must be a Stripe order, the session must be the order's own, and the amount and currency must
 * be what the shop priced.
 */
export function sessionMismatch(order: Order, session: StripeSession): string | undefined {
  if (order.paymentProvider !== "stripe") {
    return "A Stripe payment arrived for an order made for the sandbox.";
  }
  if (order.paymentSessionId !== session.id) {
    return `A Stripe payment came from checkout session ${session.id}, not this order's own session.`;
  }
  if ((session.currency ?? "").toLowerCase() !== order.currency.toLowerCase()) {
    return `Stripe took the payment in ${String(session.currency).toUpperCase()}, but the order is in ${order.currency.toUpperCase()}.`;
  }
  // X-GIFT-3: the card pays the total less what gift cards hold.
  if (session.amount_total !== amountDuePence(order)) {
    return `Stripe took ${formatPence(session.amount_total ?? 0)}, but the order's amount due is ${formatPence(amountDuePence(order))}.`;
  }
  return undefined;
}

export type Settlement =
  | { kind: "unknown" }
  | { kind: "waiting"; order: Order }
  | { kind: "paid"; order: Order }
  | { kind: "flagged"; order: Order; reason: string };

async function orderOfSession(db: Database, session: StripeSession) {
  return (
    (session.client_reference_id && (await findOrderById(db, session.client_reference_id))) ||
    (await findOrderBySession(db, session.id))
  );
}

/**
 * Applies a paid (or not yet paid) Checkout Session to its order, from the webhook or from
 * verify-order: marks it paid only when everything matches; otherwise flags it for the owner and
 * logs it. A payment for an order cancelled before it was paid is flagged for a refund; the same
 * payment told again changes nothing (the order's paidAt says it was applied).
 */
export async function settleStripeSession(
  db: Database,
  session: StripeSession,
  settings: Env,
  now: Date,
): Promise<Settlement> {
  const order = await orderOfSession(db, session);
  if (!order) {
    console.warn(`Stripe session ${session.id} matches no order; acknowledged and ignored.`);
    return { kind: "unknown" };
  }
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") {
    return { kind: "waiting", order };
  }
  const flag = async (reason: string): Promise<Settlement> => {
    const { paymentReference } = paymentDetailsFromSession(session);
    await flagOrder(db, order.id, reason, {
      provider: "stripe",
      sessionId: session.id,
      paymentReference,
      amountPence: session.amount_total ?? 0,
      currency: (session.currency ?? order.currency).toLowerCase(),
      customerEmail: session.customer_details?.email ?? order.customerEmail,
    });
    logError(`Order ${order.orderNumber} needs the owner`, new Error(reason));
    return { kind: "flagged", order, reason };
  };
  const mismatch = sessionMismatch(order, session);
  if (mismatch) return flag(mismatch);
  // The same payment told again (Stripe redelivers events, verify-order races the webhook): it
  // was applied when it first came, whatever became of the order since (moved on, or cancelled
  // and refunded with its team order), and is not a payment to give back.
  if (order.paidAt) return { kind: "paid", order };
  if (order.fulfilmentStatus === "cancelled" || order.paymentStatus === "failed") {
    return flag(`The customer paid after the order was ${statusWord(order)}: refund the payment.`);
  }
  const paid = await fulfilPaidOrder(
    db,
    order.id,
    paymentDetailsFromSession(session),
    settings,
    now,
  );
  if (paid?.paidAt) return { kind: "paid", order: paid };
  // Cancelled between the read and the update.
  return flag(
    `The customer paid after the order was ${paid ? statusWord(paid) : "removed"}: refund the payment.`,
  );
}

/** How a closed order is named to the owner: a checkout that ended unpaid "expired". */
function statusWord(order: Order): string {
  if (order.paymentStatus === "failed") return "marked failed";
  if (order.fulfilmentStatus === "cancelled" && !order.paidAt)
    return "cancelled unpaid (its checkout expired)";
  return legacyStatus(order).replaceAll("_", " ");
}

/** An expired or failed Checkout Session: its pending order is cancelled (X-SEC-5), its payment
 *  `expired` or `failed` as Stripe said. */
export async function cancelStripeSession(
  db: Database,
  session: StripeSession,
  payment: "expired" | "failed" = "expired",
): Promise<void> {
  const order = await orderOfSession(db, session);
  if (!order || order.paymentSessionId !== session.id) return;
  await markOrderCancelled(db, order.id, payment);
}
