import type { ShopParts } from "~/flows/parts.server";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/orders/schema";
import { normaliseOrderNumber } from "~/orders/order-number";
import { refundableFrom } from "~/orders/status";
import { changeOrderStatus, type StatusChangeOutcome } from "~/orders/workflow.server";
import { refundReason } from "./refund-reason";
import { type Refund, refundOrder } from "./refunds.server";

export type CancelOutcome =
  | (Extract<StatusChangeOutcome, { ok: true }> & {
      refund?: Refund;
      /** This request's conditional update moved the order to cancelled (X-TEAM-5 counts it). */
      cancelledNow?: boolean;
    })
  | Extract<StatusChangeOutcome, { ok: false }>;

/**
 * "Cancel and refund" (X-DAY-1): cancels the order, then refunds all that is left of what was
 * paid, with one e-mail to the customer (the refund's, which says the order is cancelled). Safe
 * to repeat or race: the cancel is one conditional update (a second finds it cancelled already)
 * and the refund reserves its amount by one conditional update (refundOrder), so however many
 * requests arrive, what was paid is refunded once. A refund the provider refused leaves the
 * order cancelled with its money to refund: asking again, or the order page's Refund, does it.
 */
export async function cancelAndRefund(
  db: Database,
  orderNumber: string,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  reason?: string,
  /** Said in the order's history beside the cancel (X-TEAM-5). */
  note?: string,
): Promise<CancelOutcome> {
  const cancelled = await changeOrderStatus(db, orderNumber, { status: "cancelled" }, actor, {
    refundFollows: true,
    note,
  });
  if (!cancelled.ok) {
    // Asked again after it was done: the order was cancelled and has since been fully refunded.
    const done =
      cancelled.kind === "conflict" ? await cancelledAndRefunded(db, orderNumber) : undefined;
    return done ? { ok: true, order: done, changed: false, cancelledNow: false } : cancelled;
  }
  const cancelledNow = cancelled.changed;
  if (refundableFrom(cancelled.order) === 0) return { ...cancelled, cancelledNow };
  const refunded = await refundOrder(db, orderNumber, { reason }, actor, parts);
  if (refunded.ok)
    return {
      ok: true,
      order: refunded.order,
      changed: true,
      refund: refunded.refund,
      cancelledNow,
    };
  if (refunded.kind === "already_refunded") {
    // Another request refunded it meanwhile: done once, as asked.
    const [now] = await db.select().from(orders).where(eq(orders.id, cancelled.order.id));
    return { ok: true, order: now ?? cancelled.order, changed: cancelled.changed, cancelledNow };
  }
  return {
    ...refunded,
    message: `The order is cancelled, but the refund did not go through. ${refunded.message}`,
  };
}

/** The order, when it is already cancelled and refunded in full (a cancel and refund asked again). */
async function cancelledAndRefunded(db: Database, orderNumber: string) {
  const number = normaliseOrderNumber(orderNumber);
  if (!number) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  const done = order?.fulfilmentStatus === "cancelled" && order.paymentStatus === "refunded";
  return done ? order : undefined;
}

/**
 * POST /api/admin/orders/:n/status: a workflow step, or with `{status: "cancelled", refund:
 * true}` (and an optional `reason`) the cancel of a paid order with its refund (X-DAY-1).
 */
export async function changeStatus(
  db: Database,
  orderNumber: string,
  input: unknown,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<CancelOutcome> {
  const body =
    typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  if (body.refund !== undefined && typeof body.refund !== "boolean") {
    return { ok: false, kind: "invalid_input", message: "refund must be true or false." };
  }
  if (body.refund !== true) return changeOrderStatus(db, orderNumber, input, actor);
  if (body.status !== "cancelled") {
    return { ok: false, kind: "invalid_input", message: "Only a cancel can carry a refund." };
  }
  const reason = refundReason.safeParse(body.reason);
  if (!reason.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: reason.error.issues[0]?.message ?? "Invalid reason.",
    };
  }
  return cancelAndRefund(db, orderNumber, actor, parts, reason.data);
}
