import type { FulfilmentStatus, OrderStatus, PaymentStatus } from "./schema";

/**
 * An order's two states (X-ORD-1, X-ORD-2): its money (`paymentStatus`) and its making
 * (`fulfilmentStatus`). Refunds move only the first, the owner's workflow only the second. What
 * "paid", "to make" and "can be cancelled" mean is decided here and nowhere else;
 * `states.server.ts` says the same for the database's queries, from the same lists.
 */
export interface OrderStates {
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
}

/** The customer's money is with the shop, all of it or what a partial refund left. */
export const MONEY_HELD: readonly PaymentStatus[] = ["paid", "partly_refunded"];

/**
 * Paid (X-ORD-2): the shop holds the customer's money and stands behind the order: it counts for
 * its team, its buyer may write a verified review, its confirmation page is a success. A partly
 * refunded order is paid; a cancelled or fully refunded one is not.
 */
export function isPaid(order: OrderStates): boolean {
  return MONEY_HELD.includes(order.paymentStatus) && order.fulfilmentStatus !== "cancelled";
}

/** Awaiting payment: a checkout not paid yet and not closed (`awaitingPaymentSql`). */
export function isAwaitingPayment(order: OrderStates): boolean {
  return order.paymentStatus === "pending" && order.fulfilmentStatus === "unfulfilled";
}

/**
 * Ended unpaid: the payment failed, the checkout expired, or it was cancelled before payment; the
 * shop never held the money (`endedUnpaidSql`). A team entry in such an order is to pay again.
 */
export function endedUnpaid(order: OrderStates): boolean {
  const { paymentStatus, fulfilmentStatus } = order;
  return (
    paymentStatus === "failed" ||
    paymentStatus === "expired" ||
    (paymentStatus === "pending" && fulfilmentStatus === "cancelled")
  );
}

/**
 * Cancelled or refunded: not paid (`isPaid` is false), and not because the payment never came:
 * refunded in full, cancelled (before or after payment) or expired. What the customer paid, if
 * anything, is back with them or on its way.
 */
export function isCancelledOrRefunded(order: OrderStates): boolean {
  const { paymentStatus, fulfilmentStatus } = order;
  return (
    paymentStatus === "refunded" || paymentStatus === "expired" || fulfilmentStatus === "cancelled"
  );
}

/** To make (X-ORD-2): paid, and nothing made yet (the dashboard's count, the "To make" list). */
export function isToMake(order: OrderStates): boolean {
  return isPaid(order) && order.fulfilmentStatus === "unfulfilled";
}

/** The payments an order may be cancelled with: not yet paid, or paid and (partly) held. */
export const CANCELLABLE_PAYMENTS: readonly PaymentStatus[] = ["pending", ...MONEY_HELD];

/** The owner's list of paid orders at one step ("To make": unfulfilled; "To ship": in production). */
export function workListPath(step: "unfulfilled" | "in_production"): string {
  return `/admin/orders?payment=${MONEY_HELD.join(",")}&fulfilment=${step}`;
}

/** Can be cancelled (X-ORD-2): nothing made yet, and its money not already all returned. */
export function canBeCancelled(order: OrderStates): boolean {
  return (
    order.fulfilmentStatus === "unfulfilled" && CANCELLABLE_PAYMENTS.includes(order.paymentStatus)
  );
}

/**
 * The one-value status older readers see (X-ORD-1): the `status` label of the order JSON, the CSV
 * and the order's history, made from the two states; `statusIsSql` finds the orders with one. Not
 * a question to ask of an order: ask `isPaid`, `isAwaitingPayment` and the rest.
 */
export function legacyStatus(order: OrderStates): OrderStatus {
  const { paymentStatus: payment, fulfilmentStatus: fulfilment } = order;
  if (payment === "refunded") return "refunded";
  if (fulfilment === "cancelled") return "cancelled";
  if (payment === "partly_refunded") return "partly_refunded";
  if (payment === "pending" || payment === "failed") return payment;
  if (payment === "expired") return "cancelled";
  return fulfilment === "unfulfilled" ? "paid" : fulfilment;
}

/**
 * Where the order is, for its customer: the one-value status, except that a partial refund does
 * not hide the step (a partly refunded order that was delivered reads "delivered").
 */
export function progressStatus(order: OrderStates): OrderStatus {
  const { paymentStatus } = order;
  return legacyStatus({
    ...order,
    paymentStatus: paymentStatus === "partly_refunded" ? "paid" : paymentStatus,
  });
}

/** How each one-value status is shown (X-OPS-4). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Payment failed",
  cancelled: "Cancelled",
  in_production: "In production",
  dispatched: "Dispatched",
  delivered: "Delivered",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};

export function statusLabel(status: string): string {
  return STATUS_LABELS[status as OrderStatus] ?? status;
}

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  partly_refunded: "Partly refunded",
  refunded: "Refunded",
  failed: "Payment failed",
  expired: "Checkout expired",
};

/**
 * The payment in words for one order: as `PAYMENT_LABELS`, except that a checkout cancelled before
 * payment is "Not paid", not "Awaiting payment" (as `unpaidLabel` names it).
 */
export function paymentLabel(order: OrderStates): string {
  if (order.paymentStatus === "pending" && order.fulfilmentStatus === "cancelled")
    return "Not paid";
  return PAYMENT_LABELS[order.paymentStatus];
}

export const FULFILMENT_LABELS: Record<FulfilmentStatus, string> = {
  unfulfilled: "Not yet made",
  in_production: "In production",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The fulfilment steps the owner moves an order to by hand (refunds have their own action). */
export const WORKFLOW_TARGETS = ["in_production", "dispatched", "delivered", "cancelled"] as const;
export type WorkflowTarget = (typeof WORKFLOW_TARGETS)[number];

/** Where each step is taken from: unfulfilled → in production → dispatched → delivered. */
export const MOVES_FROM: Record<WorkflowTarget, FulfilmentStatus> = {
  in_production: "unfulfilled",
  dispatched: "in_production",
  delivered: "dispatched",
  cancelled: "unfulfilled",
};

export const ACTION_LABELS: Record<WorkflowTarget, string> = {
  in_production: "Mark in production",
  dispatched: "Mark dispatched",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

/**
 * Whether the workflow may take this order to `to`: making starts only once it is paid (a partly
 * refunded order is still made and sent), each step follows the one before, and a cancel is
 * `canBeCancelled`.
 */
export function canMoveTo(order: OrderStates, to: WorkflowTarget): boolean {
  if (to === "cancelled") return canBeCancelled(order);
  return isPaid(order) && order.fulfilmentStatus === MOVES_FROM[to];
}

/** The moves the order page offers for an order in these states. */
export function nextMoves(order: OrderStates): WorkflowTarget[] {
  return WORKFLOW_TARGETS.filter((target) => canMoveTo(order, target));
}

/** What is left to refund: a paid order's total less what has been refunded or asked for. */
export function refundableFrom(
  order: OrderStates & { paidAt: Date | string | null; totalPence: number; refundedPence: number },
): number {
  if (!order.paidAt || !MONEY_HELD.includes(order.paymentStatus)) return 0;
  return Math.max(0, order.totalPence - order.refundedPence);
}
