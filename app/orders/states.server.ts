import { and, eq, inArray, ne, type SQL } from "drizzle-orm";
import { orders } from "./schema";
import { CANCELLABLE_PAYMENTS, MONEY_HELD } from "./status";

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
