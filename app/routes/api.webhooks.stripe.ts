import type Stripe from "stripe";
import { dbFrom } from "~/db/context.server";
import { env } from "~/env.server";
import { fulfilPaidOrder } from "~/orders/fulfil.server";
import { findOrderById, findOrderBySession } from "~/orders/orders.server";
import { paymentDetailsFromSession, stripe } from "~/payments/stripe.server";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.webhooks.stripe";

const FULFILLING_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/** POST /api/webhooks/stripe: verifies the signature on the raw body, then fulfils once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) {
    return jsonError("Stripe is not configured on this shop.", 404);
  }
  const signature = request.headers.get("stripe-signature");
  if (!signature) return jsonError("Missing Stripe-Signature header.", 400);
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    // Rejects forged signatures and ones older than five minutes (replays).
    event = stripe().webhooks.constructEvent(payload, signature, STRIPE_WEBHOOK_SECRET, 300);
  } catch {
    return jsonError("The webhook signature is not valid.", 400);
  }
  if (!FULFILLING_EVENTS.has(event.type)) return Response.json({ received: true });

  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") {
    // checkout.session.completed for a delayed payment method: wait for async_payment_succeeded.
    return Response.json({ received: true });
  }
  const db = dbFrom(context);
  const order =
    (session.client_reference_id && (await findOrderById(db, session.client_reference_id))) ||
    (await findOrderBySession(db, session.id));
  if (!order) return jsonError("No order matches this session.", 404);
  await fulfilPaidOrder(db, order.id, paymentDetailsFromSession(session));
  return Response.json({ received: true });
}
