import { and, asc, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderRefunds, orders } from "~/orders/schema";
import { formatPenceDecimal } from "~/pricing/money";
import { orderVatBands } from "~/pricing/vat";
import { BYTE_ORDER_MARK, csvRow } from "~/shared/csv";
import { startOfUkDay, ukDay } from "./uk-days";
import {
  nextDay,
  ratesOf,
  type VatEntry,
  type VatFigures,
  vatFigures,
  type VatPeriod,
} from "./vat-return";

/**
 * The period's entries (X-VAT-5): every order paid in it (its VAT by rate as charged) and every
 * refund of an order settled in it (the VAT it gave back by rate), by UK day. A refund of a payment
 * the shop never applied to its order (issue 27) was never a sale and is left out.
 */
export async function vatEntries(db: Database, period: VatPeriod): Promise<VatEntry[]> {
  const start = startOfUkDay(period.from);
  const end = startOfUkDay(nextDay(period.to));
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
  const entries: VatEntry[] = [
    ...sales.map((sale) => ({
      kind: "sale" as const,
      day: ukDay(sale.paidAt!),
      orderNumber: sale.orderNumber,
      bands: orderVatBands(sale),
    })),
    ...refunds.map((refund) => ({
      kind: "refund" as const,
      day: ukDay(new Date(refund.at)),
      orderNumber: refund.orderNumber,
      bands: refund.vatBreakdown,
    })),
  ];
  return entries.sort((a, b) => a.day.localeCompare(b.day) || (a.kind < b.kind ? 1 : -1));
}

/** GET /api/admin/vat and /admin/vat: the return's figures for the period. */
export async function vatReturn(db: Database, period: VatPeriod): Promise<VatFigures> {
  return vatFigures(period, await vatEntries(db, period));
}

/**
 * /admin/vat.csv: one row per paid order and per refund in the period, with net, VAT and gross at
 * each rate (refunds as positive amounts, marked "refund": box 1 and box 6 are the sales' columns
 * less the refunds'). Cells are escaped as every export's are (app/shared/csv.ts).
 */
export async function vatReturnCsv(
  db: Database,
  period: VatPeriod,
): Promise<{ csv: string; filename: string }> {
  const entries = await vatEntries(db, period);
  const rates = ratesOf(entries);
  const header = [
    "type",
    "date",
    "order_number",
    "gross",
    ...rates.flatMap((rate) => [`net_${rate}`, `vat_${rate}`, `gross_${rate}`]),
  ];
  const rows = entries.map((entry) => {
    const band = (rate: number) => entry.bands.find((b) => b.rate_percent === rate);
    return csvRow([
      entry.kind,
      entry.day,
      entry.orderNumber,
      formatPenceDecimal(entry.bands.reduce((acc, b) => acc + b.gross_pence, 0)),
      ...rates.flatMap((rate) => {
        const b = band(rate);
        return [
          formatPenceDecimal(b?.net_pence ?? 0),
          formatPenceDecimal(b?.vat_pence ?? 0),
          formatPenceDecimal(b?.gross_pence ?? 0),
        ];
      }),
    ]);
  });
  const csv = `${BYTE_ORDER_MARK}${[csvRow(header), ...rows].join("\r\n")}\r\n`;
  return { csv, filename: `vat-${period.from}-to-${period.to}.csv` };
}
