import { and, eq, inArray, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orders } from "./schema";
import { CANCELLABLE_PAYMENTS, MONEY_HELD, type WorkList } from "./status";

/**
 * The database's side of `status.ts` (X-ORD-2): the same three rules as conditions on `orders`,
 * built from the same lists, so a query and the page that shows its answer agree. A data test
 * checks each against its TypeScript twin on orders in every pair of states.
 */

/** `isPaid`: the money is held and the order is not cancelled. */
export function paidSql(): SQL {
  return and(
    inArray(orders.paymentStatus, [...MONEY_HELD]),
    ne(orders.fulfilmentStatus, "cancelled"),
  )!;
}

/** Paid and at this fulfilment step; `paidAtStep("unfulfilled")` is `isToMake`. */
export function paidAtStep(step: "unfulfilled" | "in_production"): SQL {
  return and(inArray(orders.paymentStatus, [...MONEY_HELD]), eq(orders.fulfilmentStatus, step))!;
}

/** `isToMake`: paid, and nothing made yet. */
export const toMakeSql = () => paidAtStep("unfulfilled");

/**
 * `orderPath(lines) === "make"` (issue 53): a line still to send that is not from stock or has
 * text to print (its custom text, a paid name, a member's printed name). Written out in full:
 * inside a one-table select Drizzle leaves column names unqualified.
 */
export function needsMakingSql(): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = "orders"."id" AND ol.cancelled_at IS NULL AND (NOT ol.from_stock OR ol.name_customisation OR coalesce(btrim(ol.custom_text), '') <> '' OR coalesce(btrim(ol.print_name), '') <> ''))`;
}

/** `isOnWorkList`: paid orders to make (waiting or in production), or ready to dispatch. */
export function workListSql(list: WorkList): SQL {
  const held = inArray(orders.paymentStatus, [...MONEY_HELD]);
  const started = inArray(orders.fulfilmentStatus, ["unfulfilled", "in_production"]);
  if (list === "to_make") return and(held, started, needsMakingSql())!;
  return and(held, or(eq(orders.fulfilmentStatus, "made"), and(started, not(needsMakingSql()))))!;
}

/** How many paid orders each work list holds (the dashboard's "To make" and "To ship"). */
export async function workListCounts(db: Database): Promise<Record<WorkList, number>> {
  const [row] = await db
    .select({
      to_make: sql<number>`count(*) FILTER (WHERE ${workListSql("to_make")})::int`,
      to_ship: sql<number>`count(*) FILTER (WHERE ${workListSql("to_ship")})::int`,
    })
    .from(orders)
    .where(inArray(orders.paymentStatus, [...MONEY_HELD]));
  return { to_make: Number(row?.to_make ?? 0), to_ship: Number(row?.to_ship ?? 0) };
}

/** `canBeCancelled`: nothing made yet, and the money not all returned. */
export function cancellableSql(): SQL {
  return and(
    inArray(orders.paymentStatus, [...CANCELLABLE_PAYMENTS]),
    eq(orders.fulfilmentStatus, "unfulfilled"),
  )!;
}

/** Money held on an order not made: one to cancel and refund, or cancelled with its refund still
 *  to go through (a team's cancel asked again). */
export function refundableBeforeMakingSql(): SQL {
  return and(
    inArray(orders.paymentStatus, [...MONEY_HELD]),
    inArray(orders.fulfilmentStatus, ["unfulfilled", "cancelled"]),
  )!;
}

/** A checkout waiting for its payment: not paid, not closed. */
export function awaitingPaymentSql(): SQL {
  return and(eq(orders.paymentStatus, "pending"), eq(orders.fulfilmentStatus, "unfulfilled"))!;
}

/** `endedUnpaid`: the payment failed, the checkout expired, or it was cancelled before payment. */
export function endedUnpaidSql(): SQL {
  return or(
    inArray(orders.paymentStatus, ["failed", "expired"]),
    and(eq(orders.paymentStatus, "pending"), eq(orders.fulfilmentStatus, "cancelled")),
  )!;
}

/**
 * The orders whose `legacyStatus` is `status` (the owner's "Status" filter), as conditions on the
 * two states: the database keeps no one-value status.
 */
export function statusIsSql(status: OrderStatus): SQL {
  const payment = orders.paymentStatus;
  const fulfilment = orders.fulfilmentStatus;
  switch (status) {
    case "refunded":
      return eq(payment, "refunded");
    case "cancelled":
      return and(ne(payment, "refunded"), or(eq(fulfilment, "cancelled"), eq(payment, "expired")))!;
    case "partly_refunded":
    case "pending":
    case "failed":
      return and(eq(payment, status), ne(fulfilment, "cancelled"))!;
    case "paid":
      return and(eq(payment, "paid"), eq(fulfilment, "unfulfilled"))!;
    default:
      return and(eq(payment, "paid"), eq(fulfilment, status))!;
  }
}
