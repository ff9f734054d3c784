import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { products } from "~/catalogue/schema";
import { variantStock } from "~/stock/schema";
import { countUnhandledEnquiries } from "~/enquiries/admin.server";
import { countAwaitingReturns, countExchangesWaiting } from "~/returns/requests.server";
import { workListCounts } from "~/orders/states.server";
import { problem, type Problem } from "~/shared/problems";
import { startOfUkDay, ukDaysEnding } from "./uk-days";
import { type DashboardExtras, type DashboardSummary } from "./summary";
import {
  LOW_STOCK_AT,
  SUMMARY_DAYS_DEFAULT,
  SUMMARY_DAYS_MAX,
  TOP_PRODUCTS,
} from "~/shared/limits";
import { londonIsoDate } from "~/shared/london-time";
import { takingsRecordsSince } from "~/orders/takings-records.server";
import { takingsFigures } from "./takings";
import { outstandingGiftCardPence } from "~/giftcards/admin.server";
import { shopDay } from "~/shared/gift-cards";

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

/**
 * The owner's dashboard (X-DAY-2): what came in and went out over the last days (UK days
 * in London, today included), the work waiting, the best sellers and the stock running out.
 * `GET /api/admin/summary?days=30` answers `DashboardSummary`; the page shows the same object.
 *
 * The money figures are `takingsFigures` (./takings.ts) of `takingsRecordsSince` (orders/): the
 * same rows for every one, so the top products, takings, refunds and net agree.
 */
export async function dashboardSummary(
  db: Database,
  days: number,
  now: Date,
): Promise<{ summary: DashboardSummary; extras: DashboardExtras }> {
  const dates = ukDaysEnding(now, days);
  const from = startOfUkDay(dates[0]!);
  // Issue 53: every money figure from the same order and refund rows (one query, one module).
  const [records, work, exchanges, lowStock, openReturns, openEnquiries, giftCardsOutstanding] =
    await Promise.all([
      takingsRecordsSince(db, from),
      // X-ORD-2, issue 53: the two work lists, as the order list's "To make" and "To ship" read
      // them (a partial refund leaves the work to do).
      workListCounts(db),
      // Issue 53: a replacement size waiting is work too, made or shipped like an order.
      countExchangesWaiting(db),
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
      countAwaitingReturns(db),
      countUnhandledEnquiries(db),
      // Issue 54 (X-GIFT-6): the one figure of what unspent gift cards are worth today.
      outstandingGiftCardPence(db, shopDay(now)),
    ]);
  const figures = takingsFigures(records, dates);
  const today = figures.byDay[figures.byDay.length - 1]!;
  const todayTakingsPence = records.sales
    .filter((order) => londonIsoDate(order.paidAt) === today.date)
    .reduce((sum, order) => sum + order.totalPence, 0);

  return {
    summary: {
      takingsPence: figures.takingsPence,
      refundsPence: figures.refundsPence,
      netPence: figures.netPence,
      orders: figures.orders,
      averageOrderPence: figures.averageOrderPence,
      byDay: figures.byDay,
      toMake: work.to_make + exchanges.to_make,
      toShip: work.to_ship + exchanges.to_ship,
      openReturns,
      openEnquiries,
      lowStock: lowStock.map(({ name: _name, ...row }) => ({
        ...row,
        quantity: Number(row.quantity),
      })),
      topProducts: figures.products.slice(0, TOP_PRODUCTS),
      deliveryNetPence: figures.deliveryNetPence,
      giftCardsOutstandingPence: giftCardsOutstanding,
    },
    extras: {
      todayTakingsPence,
      todayOrders: today.orders,
      productNames: Object.fromEntries(
        lowStock.filter((r) => r.name).map((r) => [r.productId, r.name!]),
      ),
    },
  };
}
