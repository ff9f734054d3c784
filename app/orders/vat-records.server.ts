import { and, asc, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderVatBands, type VatBand } from "~/pricing/vat";
import { orderRefunds, orders } from "./schema";

/** A sale or a refund as the VAT return counts it: when, which order, its VAT by rate. */
export interface VatRecord {
  orderNumber: string;
  at: Date;
  bands: readonly VatBand[];
}

/**
 * What the VAT return reads of the orders (X-VAT-5), between two instants: every order paid then
 * (its VAT by rate as charged, kept if it was refunded later) and every refund settled then (the
 * VAT it gave back). A refund of a payment the shop never applied to its order (issue 27) was
 * never a sale and is left out.
 */
export async function vatRecordsBetween(
  db: Database,
  start: Date,
  end: Date,
): Promise<{ sales: VatRecord[]; refunds: VatRecord[] }> {
  const sales = await db
    .select({
      orderNumber: orders.orderNumber,
      paidAt: orders.paidAt,
      totalPence: orders.totalPence,
      vatBreakdown: orders.vatBreakdown,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.paidAt),
        inArray(orders.paymentStatus, ["paid", "partly_refunded", "refunded"]),
        gte(orders.paidAt, start),
        lt(orders.paidAt, end),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.orderNumber));
  const settled = sql`coalesce(${orderRefunds.settledAt}, ${orderRefunds.createdAt})`;
  const refunds = await db
    .select({
      orderNumber: orders.orderNumber,
      at: sql<Date>`${settled}`.mapWith(orderRefunds.settledAt),
      vatBreakdown: orderRefunds.vatBreakdown,
    })
    .from(orderRefunds)
    .innerJoin(orders, sql`${orders.id} = ${orderRefunds.orderId}`)
    .where(
      and(
        sql`${orderRefunds.status} = 'succeeded'`,
        isNull(orderRefunds.flaggedPaymentId),
        sql`${settled} >= ${start.toISOString()}`,
        sql`${settled} < ${end.toISOString()}`,
      ),
    )
    .orderBy(asc(settled));
  return {
    sales: sales.map((sale) => ({
      orderNumber: sale.orderNumber,
      at: sale.paidAt!,
      bands: orderVatBands(sale),
    })),
    refunds: refunds.map((refund) => ({
      orderNumber: refund.orderNumber,
      at: new Date(refund.at),
      bands: refund.vatBreakdown,
    })),
  };
}
