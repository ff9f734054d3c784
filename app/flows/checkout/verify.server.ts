import { z } from "zod";
import type { Database } from "~/db/client.server";
import { describeOrderLine } from "~/orders/line-description";
import { findOrderBySession, linesOfOrder, type Order } from "~/orders/orders.server";
import { isAwaitingPayment, isPaid, legacyStatus } from "~/orders/status";
import { orderReceipt } from "~/orders/receipt.server";
import { settleStripeSession } from "~/flows/payment/settle.server";
import { stripeOf } from "~/payments/provider.server";
import type { ShopParts } from "~/flows/parts.server";
import { done, problem, type Result } from "~/shared/problems";
import { logError } from "~/security/log.server";
import { text } from "~/shared/text";
import { paidHere } from "./receipt-cookie.server";
import { leadTime } from "~/stock/stock";

/** A payment session id as the providers make them (cs_test_…, cs_live_…). */
export const sessionIdSchema = text()
  .trim()
  .min(1)
  .max(255)
  .regex(/^cs_[A-Za-z0-9_-]+$/);

/**
 * The stored order behind a payment session, brought up to date: for Stripe, when the webhook
 * has not arrived yet, the session is retrieved and applied with the same checks (X-CHK-4).
 */
export async function currentOrderForSession(
  db: Database,
  sessionId: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<Order | undefined> {
  const order = await findOrderBySession(db, sessionId);
  if (!order) return undefined;
  if (isAwaitingPayment(order) && order.paymentProvider === "stripe") {
    const settled = await settleStripeSession(
      db,
      await stripeOf(parts.payments).checkout.sessions.retrieve(sessionId),
      parts.settings,
      parts.clock.now(),
    );
    return settled.kind === "paid" ? settled.order : order;
  }
  return order;
}

const bodySchema = z.object({ sessionId: sessionIdSchema });

const UNKNOWN_SESSION = "No order has that session.";

/**
 * POST /api/verify-order {sessionId}: answers from the stored order (S-CHK-6, X-CHK-4), to the
 * browser that opened the checkout only (its signed receipt cookie, X-SEC-20); anyone else who
 * knows the id gets the answer of an unknown session, so no buyer's e-mail leaks.
 */
export async function verifyOrder(
  db: Database,
  body: unknown,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  request: Request,
): Promise<Result<unknown>> {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) {
    return problem("invalid_input", "A sessionId is required.", { extra: { success: false } });
  }
  if (!(await paidHere(db, request, parsed.data.sessionId))) {
    return problem("not_found", UNKNOWN_SESSION, { extra: { success: false } });
  }
  let order;
  try {
    order = await currentOrderForSession(db, parsed.data.sessionId, parts);
  } catch (error) {
    logError("Order verification failed", error);
    return problem("provider_failed", "The order could not be verified right now.", {
      extra: { success: false },
    });
  }
  if (!order) return problem("not_found", UNKNOWN_SESSION, { extra: { success: false } });
  const lines = await linesOfOrder(db, order.id);
  // A paid order stays a success when the shop has moved it on since (in production, sent,
  // delivered, partly refunded): the customer who opens the confirmation again later, or whose
  // team order was already in production when the payment came, sees their order, not a failure.
  const placed = isPaid(order);
  return done({
    success: placed,
    session: {
      amount_total: order.totalPence,
      currency: order.currency,
      customer_email: order.customerEmail,
      order_number: order.orderNumber,
      status: legacyStatus(order),
      // X-STK-2: each line with its lead time, for the confirmation page.
      lines: lines.map((line) => ({
        product_name: line.productName,
        details: describeOrderLine(line),
        quantity: line.quantity,
        from_stock: line.fromStock,
        lead_time: leadTime(line.fromStock),
      })),
    },
    receipt: placed ? await orderReceipt(db, order, parts.settings, parts.clock.now()) : null,
  });
}
