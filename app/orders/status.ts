import type { OrderStatus } from "~/db/schema";

/** How each status is shown to the owner and the customer (X-OPS-4). */
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

/** The statuses the owner moves an order to by hand (refunds have their own action). */
export const WORKFLOW_TARGETS = ["in_production", "dispatched", "delivered", "cancelled"] as const;
export type WorkflowTarget = (typeof WORKFLOW_TARGETS)[number];

/**
 * Where each move is allowed from: paid → in production → dispatched → delivered; cancel from
 * pending or paid. A partly refunded order (some lines refunded) still gets made and sent, so
 * it can go on to production, dispatch and delivery.
 */
export const ALLOWED_FROM: Record<WorkflowTarget, readonly OrderStatus[]> = {
  in_production: ["paid", "partly_refunded"],
  dispatched: ["in_production", "partly_refunded"],
  delivered: ["dispatched", "partly_refunded"],
  cancelled: ["pending", "paid"],
};

export const ACTION_LABELS: Record<WorkflowTarget, string> = {
  in_production: "Mark in production",
  dispatched: "Mark dispatched",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

export function canMoveTo(from: string, to: WorkflowTarget): boolean {
  return (ALLOWED_FROM[to] as readonly string[]).includes(from);
}

/** The moves the order page offers for an order in this status. */
export function nextMoves(from: string): WorkflowTarget[] {
  return WORKFLOW_TARGETS.filter((target) => canMoveTo(from, target));
}

/** Statuses a refund can be taken from: the customer has paid and not everything is back. */
export const REFUNDABLE: readonly OrderStatus[] = [
  "paid",
  "in_production",
  "dispatched",
  "delivered",
  "partly_refunded",
  "cancelled",
];

export function refundableFrom(order: {
  status: string;
  paidAt: Date | string | null;
  totalPence: number;
  refundedPence: number;
}): number {
  if (!order.paidAt || !(REFUNDABLE as readonly string[]).includes(order.status)) return 0;
  return Math.max(0, order.totalPence - order.refundedPence);
}
