import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { orderLines, orderRefunds, orders } from "~/orders/schema";
import { products } from "~/catalogue/schema";
import { variantStock } from "~/stock/schema";
import { countUnhandledEnquiries } from "~/enquiries/admin.server";
import { countAwaitingReturns } from "~/returns/requests.server";
import { workListSql } from "~/orders/states.server";
import { MONEY_HELD } from "~/orders/status";
import { problem, type Problem } from "~/shared/problems";
import { startOfUkDay, ukDaysEnding } from "./uk-days";
import { type DashboardExtras, type DashboardSummary } from "./summary";
import {
  LOW_STOCK_AT,
  SUMMARY_DAYS_DEFAULT,
  SUMMARY_DAYS_MAX,
  TOP_PRODUCTS,
} from "~/shared/limits";
import { LONDON_ZONE } from "~/shared/london-time";

const daysSchema = z.coerce.number().int().min(1).max(SUMMARY_DAYS_MAX);

/** `?days=` from a query string: 30 when absent; a number outside 1-366 is refused with a sentence. */
export function parseSummaryDays(params: URLSearchParams): { ok: true; days: number } | Problem {
  const raw = params.get("days");
  if (raw === null || raw.trim() === "") return { ok: true, days: SUMMARY_DAYS_DEFAULT };
  const parsed = daysSchema.safeParse(raw.trim());
  if (!parsed.success) {
    return problem("invalid_input", `Days must be a whole number from 1 to ${SUMMARY_DAYS_MAX}.`);
  }
  return { ok: true, days: parsed.data };
}

const dayOf = (column: unknown) =>
  sql<string>`to_char(${column} AT TIME ZONE ${sql.raw(`'${LONDON_ZONE}'`)}, 'YYYY-MM-DD')`;

/**
 * The owner's dashboard (X-DAY-2): what came in and went out over the last days (UK days
 * in London, today included), the work waiting, the best sellers and the stock running out.
 * `GET /api/admin/summary?days=30` answers `DashboardSummary`; the page shows the same object.
 *
 * - takings: the totals of the orders paid in the period (by the time they were paid);
 * - refunds: the refunds that went through (`order_refunds.status = 'succeeded'`) in the period,
 *   whenever their order was paid;
 * - net: takings less refunds; `byDay` is the same per UK day, oldest first, every day listed;
 * - a product's `netPence` is its lines' totals less their share of their order's discount.
 */
export async function dashboardSummary(
  db: Database,
  days: number,
  now: Date,
): Promise<{ summary: DashboardSummary; extras: DashboardExtras }> {
  const dates = ukDaysEnding(now, days);
  const from = startOfUkDay(dates[0]!);
  const paidInPeriod = and(isNotNull(orders.paidAt), gte(orders.paidAt, from));
  const paidDay = dayOf(orders.paidAt);
  const refundDay = dayOf(orderRefunds.createdAt);
  const lineNet = sql<number>`coalesce(sum(CASE WHEN ${orders.subtotalPence} > 0 THEN round(${orderLines.lineTotalPence}::numeric * (${orders.subtotalPence} - ${orders.discountPence}) / ${orders.subtotalPence}) ELSE 0 END), 0)::int`;

  const [paidByDay, refundsByDay, work, lowStock, top, openReturns, openEnquiries] =
    await Promise.all([
      db
        .select({
          date: paidDay,
          takings: sql<number>`coalesce(sum(${orders.totalPence}), 0)::int`,
          orders: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(paidInPeriod)
        .groupBy(paidDay),
      db
        .select({
          date: refundDay,
          refunds: sql<number>`coalesce(sum(${orderRefunds.amountPence}), 0)::int`,
        })
        .from(orderRefunds)
        .where(
          and(
            eq(orderRefunds.status, "succeeded"),
            gte(orderRefunds.createdAt, from),
            // A flagged payment given back was never counted as takings (issue 27).
            isNull(orderRefunds.flaggedPaymentId),
          ),
        )
        .groupBy(refundDay),
      // X-ORD-2, issue 53: the two work lists, as the order list's "To make" and "To ship" read
      // them (a partial refund leaves the work to do).
      db
        .select({
          toMake: sql<number>`count(*) FILTER (WHERE ${workListSql("to_make")})::int`,
          toShip: sql<number>`count(*) FILTER (WHERE ${workListSql("to_ship")})::int`,
        })
        .from(orders)
        .where(inArray(orders.paymentStatus, [...MONEY_HELD])),
      db
        .select({
          productId: variantStock.productId,
          optionType: variantStock.optionType,
          size: variantStock.size,
          color: variantStock.color,
          quantity: sql<number>`${variantStock.quantity}`,
          name: products.name,
        })
        .from(variantStock)
        .leftJoin(products, eq(products.id, variantStock.productId))
        .where(and(isNotNull(variantStock.quantity), lte(variantStock.quantity, LOW_STOCK_AT)))
        .orderBy(
          asc(variantStock.quantity),
          asc(variantStock.productId),
          asc(variantStock.optionType),
          asc(variantStock.size),
          asc(variantStock.color),
        ),
      db
        .select({
          productId: orderLines.productId,
          name: sql<string>`max(${orderLines.productName})`,
          quantity: sql<number>`sum(${orderLines.quantity})::int`,
          netPence: lineNet,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(paidInPeriod)
        .groupBy(orderLines.productId)
        .orderBy(desc(sql`sum(${orderLines.quantity})`), desc(lineNet), asc(orderLines.productId))
        .limit(TOP_PRODUCTS),
      countAwaitingReturns(db),
      countUnhandledEnquiries(db),
    ]);

  const paid = new Map(paidByDay.map((r) => [r.date, r]));
  const refunded = new Map(refundsByDay.map((r) => [r.date, Number(r.refunds)]));
  const byDay = dates.map((date) => ({
    date,
    netPence: Number(paid.get(date)?.takings ?? 0) - (refunded.get(date) ?? 0),
    orders: Number(paid.get(date)?.orders ?? 0),
  }));
  const takingsPence = paidByDay.reduce((sum, r) => sum + Number(r.takings), 0);
  const refundsPence = [...refunded.values()].reduce((sum, n) => sum + n, 0);
  const orderCount = paidByDay.reduce((sum, r) => sum + Number(r.orders), 0);
  const today = paid.get(dates[dates.length - 1]!);

  return {
    summary: {
      takingsPence,
      refundsPence,
      netPence: takingsPence - refundsPence,
      orders: orderCount,
      averageOrderPence: orderCount ? Math.round(takingsPence / orderCount) : 0,
      byDay,
      toMake: Number(work[0]?.toMake ?? 0),
      toShip: Number(work[0]?.toShip ?? 0),
      openReturns,
      openEnquiries,
      lowStock: lowStock.map(({ name: _name, ...row }) => ({
        ...row,
        quantity: Number(row.quantity),
      })),
      topProducts: top.map((r) => ({
        productId: r.productId,
        name: r.name,
        quantity: Number(r.quantity),
        netPence: Number(r.netPence),
      })),
    },
    extras: {
      todayTakingsPence: Number(today?.takings ?? 0),
      todayOrders: Number(today?.orders ?? 0),
      productNames: Object.fromEntries(
        lowStock.filter((r) => r.name).map((r) => [r.productId, r.name!]),
      ),
    },
  };
}
