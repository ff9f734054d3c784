import type { FulfilmentStatus, OrderStatus, PaymentStatus } from "./schema";
import { isPersonalised } from "~/policy/consumer-rights";

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

/**
 * An order's path (issue 53): "stock" when every line still to send came off the shelf as it is,
 * ready to dispatch at once; "make" when any line is made to order or personalised (a name, a
 * team's text), which goes in production, then made, then dispatched. `needsMakingSql` asks the
 * same of the database.
 */
export type OrderPath = "stock" | "make";

export interface PathLine {
  fromStock: boolean;
  customText: string | null;
  nameCustomisation: boolean;
  printName: string | null;
  cancelledAt?: Date | string | null;
}

/** A line the maker has work on: not taken from stock, or with text to print on it. */
export function lineNeedsMaking(line: PathLine): boolean {
  return !line.fromStock || isPersonalised(line) || Boolean(line.printName?.trim());
}

/** The path of an order with these lines (a line cancelled with its team is not sent). */
export function orderPath(lines: readonly PathLine[]): OrderPath {
  return lines.some((line) => !line.cancelledAt && lineNeedsMaking(line)) ? "make" : "stock";
}

/** The owner's two work lists (X-DAY-3): what to make (or being made), and what is ready to send. */
export const WORK_LISTS = ["to_make", "to_ship"] as const;
export type WorkList = (typeof WORK_LISTS)[number];

/** The owner's list of paid orders on one work list ("To make", "To ship"). */
export function workListPath(list: WorkList): string {
  return `/admin/orders?work=${list}`;
}

/**
 * Whether a paid order is on a work list (`workListSql` is its twin): "to_make", made to order and
 * not made yet (waiting or in production); "to_ship", ready to dispatch: made, or off the shelf
 * and not sent yet.
 */
export function isOnWorkList(order: OrderStates, path: OrderPath, list: WorkList): boolean {
  if (!isPaid(order)) return false;
  const step = order.fulfilmentStatus;
  if (list === "to_make") {
    return path === "make" && (step === "unfulfilled" || step === "in_production");
  }
  return (
    step === "made" || (path === "stock" && (step === "unfulfilled" || step === "in_production"))
  );
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
  made: "Made",
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
  made: "Made",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/**
 * The fulfilment in words for one order (issue 53): a paid order off the shelf is "Ready to
 * dispatch" at once; one to make is "Not yet made" until it is started.
 */
export function fulfilmentLabel(order: OrderStates, path: OrderPath): string {
  if (order.fulfilmentStatus === "unfulfilled" && path === "stock" && isPaid(order))
    return "Ready to dispatch";
  if (order.fulfilmentStatus === "made" && isPaid(order)) return "Made: ready to dispatch";
  return FULFILMENT_LABELS[order.fulfilmentStatus];
}

/** The fulfilment steps the owner moves an order to by hand (refunds have their own action). */
export const WORKFLOW_TARGETS = [
  "in_production",
  "made",
  "dispatched",
  "delivered",
  "cancelled",
] as const;
export type WorkflowTarget = (typeof WORKFLOW_TARGETS)[number];

/**
 * Where each step may be taken from (issue 53): made to order, unfulfilled → in production → made
 * → dispatched → delivered; off the shelf, straight from unfulfilled to dispatched (`canMoveTo`
 * checks the path). Dispatching from in production stays allowed for a team's batch, which sends
 * its orders together, and for clients that knew no "made" step.
 */
export const MOVES_FROM: Record<WorkflowTarget, readonly FulfilmentStatus[]> = {
  in_production: ["unfulfilled"],
  made: ["in_production"],
  dispatched: ["unfulfilled", "in_production", "made"],
  delivered: ["dispatched"],
  cancelled: ["unfulfilled"],
};

export const ACTION_LABELS: Record<WorkflowTarget, string> = {
  in_production: "Mark in production",
  made: "Mark made",
  dispatched: "Mark dispatched",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

/**
 * Whether the workflow may take this order to `to`: making starts only once it is paid (a partly
 * refunded order is still made and sent), each step follows one before it, an order is dispatched
 * straight from paid only when every line came from stock, and a cancel is `canBeCancelled`.
 */
export function canMoveTo(order: OrderStates, to: WorkflowTarget, path: OrderPath): boolean {
  if (to === "cancelled") return canBeCancelled(order);
  if (!isPaid(order) || !MOVES_FROM[to].includes(order.fulfilmentStatus)) return false;
  if (to === "dispatched" && order.fulfilmentStatus === "unfulfilled") return path === "stock";
  return true;
}

/** The moves the order page offers: the order's own path, one step at a time. */
export function nextMoves(order: OrderStates, path: OrderPath): WorkflowTarget[] {
  const offered: Record<FulfilmentStatus, readonly WorkflowTarget[]> = {
    unfulfilled: path === "stock" ? ["dispatched", "cancelled"] : ["in_production", "cancelled"],
    in_production: ["made"],
    made: ["dispatched"],
    dispatched: ["delivered"],
    delivered: [],
    cancelled: [],
  };
  return offered[order.fulfilmentStatus].filter((target) => canMoveTo(order, target, path));
}

/** What is left to refund: a paid order's total less what has been refunded or asked for. */
export function refundableFrom(
  order: OrderStates & { paidAt: Date | string | null; totalPence: number; refundedPence: number },
): number {
  if (!order.paidAt || !MONEY_HELD.includes(order.paymentStatus)) return 0;
  return Math.max(0, order.totalPence - order.refundedPence);
}
