import { canonicalOrigin } from "~/components/origin.server";
import { getDb } from "~/db/client.server";
import { env } from "~/env.server";
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
import { StockShortError } from "~/stock/stock.server";
import { checkCartItems, checkoutRequestSchema, firstIssue } from "./request";

/** An error about one line: `lineIndex` is its position in cartItems, so the page can show it there. */
function lineError(error: string, lineIndex: number, status: number): Response {
  return Response.json({ error, lineIndex }, { status });
}

/**
 * POST /api/create-checkout-session: validate, price from the catalogue, apply the stored
 * discount code, store the pending order, then ask the payment provider for a hosted session.
 */
export async function createCheckoutSession(request: Request, body: unknown): Promise<Response> {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const checked = checkCartItems(parsed.data.cartItems);
  if (!checked.ok) return lineError(checked.error, checked.lineIndex, 400);

  const db = await getDb();
  const code = parsed.data.discountCode?.trim();
  const discount = code ? await findDiscount(db, code) : undefined;
  if (code && !discount) return jsonError("Invalid discount code.", 400);

  const provider = paymentProvider();
  const totals = orderTotals(checked.lines, discount?.percent ?? 0);
  let order;
  try {
    order = await createPendingOrder(db, {
      lines: checked.lines,
      totals,
      discount,
      provider: provider.name,
      expiresAt: new Date(Date.now() + env().CHECKOUT_EXPIRY_MINUTES * 60_000),
    });
  } catch (error) {
    // X-STK-3: the line that cannot be had, said against that line; nothing was taken.
    if (error instanceof StockShortError) return lineError(error.message, error.lineIndex, 409);
    throw error;
  }
  try {
    const session = await provider.createSession(
      order,
      await linesOfOrder(db, order.id),
      canonicalOrigin(request),
    );
    await setPaymentSession(db, order.id, session.sessionId, session.expiresAt);
    return Response.json({ url: session.url, sessionId: session.sessionId });
  } catch (error) {
    console.error(`Payment session for ${order.orderNumber} failed:`, error);
    await markOrderCancelled(db, order.id);
    return jsonError("The payment provider could not be reached. Please try again.", 502);
  }
}
