import { canonicalOrigin } from "~/components/origin.server";
import { getDb } from "~/db/client.server";
import { findDiscount } from "~/orders/discounts.server";
import {
  createPendingOrder,
  linesOfOrder,
  markOrderCancelled,
  setPaymentSession,
} from "~/orders/orders.server";
import { paymentProvider } from "~/payments/provider.server";
import { orderTotals } from "~/pricing/totals";
import { jsonError } from "~/security/request.server";
import { checkCartItems, checkoutRequestSchema, firstIssue } from "./request";

/**
 * POST /api/create-checkout-session: validate, price from the catalogue, apply the stored
 * discount code, store the pending order, then ask the payment provider for a hosted session.
 */
export async function createCheckoutSession(request: Request, body: unknown): Promise<Response> {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const checked = checkCartItems(parsed.data.cartItems);
  if (!checked.ok) return jsonError(checked.error, 400);

  const db = await getDb();
  const code = parsed.data.discountCode?.trim();
  const discount = code ? await findDiscount(db, code) : undefined;
  if (code && !discount) return jsonError("Invalid discount code.", 400);

  const provider = paymentProvider();
  const { shippingMethod } = parsed.data;
  const totals = orderTotals(checked.lines, discount?.percent ?? 0, shippingMethod);
  const order = await createPendingOrder(db, {
    lines: checked.lines,
    totals,
    shippingMethod,
    discount,
    provider: provider.name,
  });
  try {
    const session = await provider.createSession(
      order,
      await linesOfOrder(db, order.id),
      canonicalOrigin(request),
    );
    await setPaymentSession(db, order.id, session.sessionId);
    return Response.json({ url: session.url, sessionId: session.sessionId });
  } catch (error) {
    console.error(`Payment session for ${order.orderNumber} failed:`, error);
    await markOrderCancelled(db, order.id);
    return jsonError("The payment provider could not be reached. Please try again.", 502);
  }
}
