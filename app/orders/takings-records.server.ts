import { and, asc, eq, gte, inArray, isNotNull, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderLines, orderRefunds, orders } from "./schema";
import { isPaid } from "./status";

/** One line of an order as the takings read it. */
export interface TakingsLine {
  productId: string;
  productName: string;
  quantity: number;
  lineTotalPence: number;
  /** Issue 41: cancelled with its team; the refund that gave its money back, if any. */
  cancelled: boolean;
  cancelRefundId: string | null;
}

/** An order as the takings read it: its money, whether it still stands, and its lines. */
export interface TakingsOrder {
  id: string;
  orderNumber: string;
  paidAt: Date;
  totalPence: number;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  /** Still paid (X-ORD-2): not cancelled, not refunded in full. */
  stillPaid: boolean;
  lines: TakingsLine[];
}

/** A refund that went through, with the order it gave money back on. */
export interface TakingsRefund {
  id: string;
  at: Date;
  amountPence: number;
  order: TakingsOrder;
}

/**
 * What the owner's dashboard reads of the orders (X-DAY-2, issue 53): every order paid since
 * `from` and every refund that went through since `from` (with its order, whenever that was
 * paid), from the same rows, so every figure made from them agrees. A refund of a payment the
 * shop never applied to its order (issue 27) was never takings and is left out.
 */
export async function takingsRecordsSince(
  db: Database,
  from: Date,
): Promise<{ sales: TakingsOrder[]; refunds: TakingsRefund[] }> {
  const refundRows = await db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      at: orderRefunds.createdAt,
      amountPence: orderRefunds.amountPence,
    })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.status, "succeeded"),
        gte(orderRefunds.createdAt, from),
        isNull(orderRefunds.flaggedPaymentId),
      ),
    )
    .orderBy(asc(orderRefunds.createdAt));
  const soldIds = (
    await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, from)))
  ).map((row) => row.id);
  const ids = [...new Set([...soldIds, ...refundRows.map((r) => r.orderId)])];
  if (ids.length === 0) return { sales: [], refunds: [] };
  const [orderRows, lineRows] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, ids)),
    db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, ids))
      .orderBy(asc(orderLines.orderId), asc(orderLines.position)),
  ]);
  const byId = new Map<string, TakingsOrder>();
  for (const row of orderRows) {
    if (!row.paidAt) continue;
    byId.set(row.id, {
      id: row.id,
      orderNumber: row.orderNumber,
      paidAt: row.paidAt,
      totalPence: row.totalPence,
      subtotalPence: row.subtotalPence,
      discountPence: row.discountPence,
      shippingPence: row.shippingPence,
      stillPaid: isPaid(row),
      lines: [],
    });
  }
  for (const line of lineRows) {
    byId.get(line.orderId)?.lines.push({
      productId: line.productId,
      productName: line.productName,
      quantity: line.quantity,
      lineTotalPence: line.lineTotalPence,
      cancelled: line.cancelledAt !== null,
      cancelRefundId: line.cancelRefundId,
    });
  }
  const sold = new Set(soldIds);
  return {
    sales: [...byId.values()]
      .filter((order) => sold.has(order.id))
      .sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime()),
    refunds: refundRows.flatMap((refund) => {
      const order = byId.get(refund.orderId);
      return order
        ? [{ id: refund.id, at: refund.at, amountPence: refund.amountPence, order }]
        : [];
    }),
  };
}
