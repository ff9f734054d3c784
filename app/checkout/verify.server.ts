import type { Database } from "~/db/client.server";
import { fulfilPaidOrder } from "~/orders/fulfil.server";
import { findOrderBySession, type Order } from "~/orders/orders.server";
import { paymentDetailsFromSession, stripe } from "~/payments/stripe.server";

/**
 * The stored order behind a payment session, brought up to date: for Stripe, when the webhook
 * has not arrived yet, the session is retrieved and a paid one is fulfilled now (X-CHK-4).
 */
export async function currentOrderForSession(
  db: Database,
  sessionId: string,
): Promise<Order | undefined> {
  const order = await findOrderBySession(db, sessionId);
  if (!order) return undefined;
  if (order.status === "pending" && order.paymentProvider === "stripe") {
    const session = await stripe().checkout.sessions.retrieve(sessionId);
    if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
      return fulfilPaidOrder(db, order.id, paymentDetailsFromSession(session));
    }
  }
  return order;
}
