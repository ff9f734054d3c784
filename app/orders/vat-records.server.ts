import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderVatBands, type VatBand } from "~/pricing/vat";
import { GIFT_CARD_PRODUCT_ID } from "~/shared/gift-cards";
import { orderLines, orderRefunds, orders } from "./schema";

/** A sale or a refund as the VAT return counts it: when, which order, its VAT by rate. */
export interface VatRecord {
  orderNumber: string;
  at: Date;
  bands: readonly VatBand[];
  /** X-GIFT-7: what of it was gift cards, sold or refunded: outside VAT, in none of its bands. */
  giftCardsPence: number;
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
  // X-GIFT-7: the gift cards an order sold (its gift card lines), outside its VAT bands.
  const giftCardsSold = db
    .select({ pence: sql<number>`coalesce(sum(${orderLines.lineTotalPence}), 0)::int` })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orders.id), eq(orderLines.productId, GIFT_CARD_PRODUCT_ID)));
  const sales = await db
    .select({
      orderNumber: orders.orderNumber,
      paidAt: orders.paidAt,
      totalPence: orders.totalPence,
      vatBreakdown: orders.vatBreakdown,
      giftCardsPence: sql<number>`(${giftCardsSold})`.mapWith(Number),
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
      amountPence: orderRefunds.amountPence,
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
      giftCardsPence: sale.giftCardsPence,
    })),
    // X-GIFT-7: what a refund gave back beyond its bands was for gift cards bought on the order.
    refunds: refunds.map((refund) => ({
      orderNumber: refund.orderNumber,
      at: new Date(refund.at),
      bands: refund.vatBreakdown,
      giftCardsPence: Math.max(
        0,
        refund.amountPence - refund.vatBreakdown.reduce((sum, band) => sum + band.gross_pence, 0),
      ),
    })),
  };
}
