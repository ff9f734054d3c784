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
 * pending or paid.
 */
const MOVES: Record<WorkflowTarget, readonly OrderStatus[]> = {
  in_production: ["paid"],
  dispatched: ["in_production"],
  delivered: ["dispatched"],
  cancelled: ["pending", "paid"],
};

/**
 * A partly refunded order (say one line out of stock) is still made and sent: it carries on from
 * its last step (its `stage`: paid, in production, dispatched or delivered), but is not cancelled.
 */
export const FULFILMENT_STAGES = ["paid", "in_production", "dispatched", "delivered"] as const;
export type FulfilmentStage = (typeof FULFILMENT_STAGES)[number];

/** The statuses the conditional update accepts for each move (the stage is checked in its lock). */
export const ALLOWED_FROM: Record<WorkflowTarget, readonly OrderStatus[]> = {
  in_production: [...MOVES.in_production, "partly_refunded"],
  dispatched: [...MOVES.dispatched, "partly_refunded"],
  delivered: [...MOVES.delivered, "partly_refunded"],
  cancelled: MOVES.cancelled,
};

export const ACTION_LABELS: Record<WorkflowTarget, string> = {
  in_production: "Mark in production",
  dispatched: "Mark dispatched",
  delivered: "Mark delivered",
  cancelled: "Cancel order",
};

export function canMoveTo(
  from: string,
  to: WorkflowTarget,
  stage: FulfilmentStage = "paid",
): boolean {
  if (from === "partly_refunded") {
    return to !== "cancelled" && (MOVES[to] as readonly string[]).includes(stage);
  }
  return (MOVES[to] as readonly string[]).includes(from);
}

/** The moves the order page offers for an order in this status (and stage, when partly refunded). */
export function nextMoves(from: string, stage?: FulfilmentStage): WorkflowTarget[] {
  return WORKFLOW_TARGETS.filter((target) => canMoveTo(from, target, stage));
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

/** The last fulfilment step among an order's recorded statuses, oldest first ("paid" if none). */
export function stageOf(statuses: readonly (string | undefined)[]): FulfilmentStage {
  const steps = statuses.filter((s): s is FulfilmentStage =>
    (FULFILMENT_STAGES as readonly (string | undefined)[]).includes(s),
  );
  return steps.at(-1) ?? "paid";
}
