import { and, asc, type Column, eq, isNotNull, notExists, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderLines, orders } from "./schema";
import { awaitingPaymentSql, endedUnpaidSql, paidSql } from "./states.server";

// The orders of team stores (X-TEAM-1..7), as app/teams/ reads them (issue 48): teams/ names a
// team by its slug, and orders/ answers from its own tables.

/** A member order's lines for a team (paid ones, X-ORD-2, unless `which` says otherwise), in the
 *  order they were paid, each with its order's number, states, buyer and total. */
export async function teamOrderLines(db: Database, slug: string, which: SQL = paidSql()) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      fulfilmentStatus: orders.fulfilmentStatus,
      email: orders.customerEmail,
      address: orders.shippingAddress,
      totalPence: orders.totalPence,
      paidAt: orders.paidAt,
      productId: orderLines.productId,
      productName: orderLines.productName,
      optionType: orderLines.optionType,
      size: orderLines.size,
      beltRank: orderLines.beltRank,
      color: orderLines.color,
      printName: orderLines.printName,
      lineMember: orderLines.memberName,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.teamSlug, slug), which))
    .orderBy(asc(orders.paidAt), asc(orders.createdAt), asc(orderLines.position));
}

/** Per team slug: its paid member orders and the items they hold. */
export async function paidTeamCounts(db: Database) {
  return db
    .select({
      slug: orderLines.teamSlug,
      orders: sql<number>`count(distinct ${orderLines.orderId})::int`,
      items: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(isNotNull(orderLines.teamSlug), paidSql()))
    .groupBy(orderLines.teamSlug);
}

/** The team's order lines (its slug, or a query's slug column) whose order meets `condition`. */
function teamLinesWhere(tx: Database, slug: string | Column, condition: SQL) {
  return tx
    .select({ one: sql`1` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.teamSlug, slug), condition));
}

/** A member has paid for this team (an order with one of its lines was paid, whatever since). */
export async function teamHasPaidOrder(tx: Database, slug: string): Promise<boolean> {
  return (await teamLinesWhere(tx, slug, isNotNull(orders.paidAt)).limit(1)).length > 0;
}

/** A member is paying for this team now: a checkout with one of its lines is pending. */
export async function teamHasPendingOrder(tx: Database, slug: string): Promise<boolean> {
  return (await teamLinesWhere(tx, slug, awaitingPaymentSql()).limit(1)).length > 0;
}

/** No checkout for the team is pending, inside a query over teams (`slug`: its slug column). */
export function noPendingTeamOrderSql(tx: Database, slug: Column): SQL {
  return notExists(teamLinesWhere(tx, slug, awaitingPaymentSql()));
}

/** X-TEAM-7: the order `orderId` (a column) ended without payment (failed, expired, or
 *  cancelled before payment). */
export function orderEndedUnpaidSql(orderId: Column): SQL {
  return sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${endedUnpaidSql()})`;
}
