import type { Refusal } from "~/security/edge.server";
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { orderEvents, orderRefunds, orders } from "~/db/schema";
import { RefundRefused, refundStripePayment } from "~/payments/stripe.server";
import { formatPence } from "~/pricing/money";
import { notifyCustomer } from "~/orders/notify.server";
import { normaliseOrderNumber } from "~/orders/order-number";
import type { Order } from "~/orders/orders.server";
import { REFUNDABLE, refundableFrom } from "~/orders/status";
import { logError } from "~/security/log.server";
import { refundReason } from "./refund-reason";

export type Refund = typeof orderRefunds.$inferSelect;

const refundInput = z.object({
  amountPence: z
    .number({ error: "The amount must be a whole number of pence." })
    .int("The amount must be a whole number of pence.")
    .positive("The refund must be more than £0.00.")
    .max(100_000_000, "That amount is too large.")
    .optional(),
  reason: refundReason,
});

export type RefundOutcome =
  | { ok: true; refund: Refund; order: Order }
  | { ok: false; status: Refusal["status"]; error: string };

/** Sends the refund to the order's payment provider; the sandbox records its own reference. */
async function refundThroughProvider(order: Order, refund: Refund): Promise<string> {
  if (order.paymentProvider === "stripe") {
    if (!order.paymentReference)
      throw new RefundRefused("The order has no Stripe payment to refund.");
    return refundStripePayment(order.paymentReference, refund.amountPence, refund.id);
  }
  return `sandbox_re_${randomBytes(12).toString("base64url")}`;
}

/**
 * Refunds part or all of what is left of a paid order (X-OPS-4). The amount is taken off what is
 * left by one conditional update (refunded + amount ≤ total) before the provider is asked, so two
 * refunds racing can never give back more than was paid; a refund the provider refuses hands
 * its amount back.
 */
export async function refundOrder(
  db: Database,
  orderNumber: string,
  input: unknown,
  actor: string,
): Promise<RefundOutcome> {
  const parsed = refundInput.safeParse(input ?? {});
  if (!parsed.success) {
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid amount." };
  }
  const number = normaliseOrderNumber(orderNumber);
  if (!number) return { ok: false, status: 404, error: "No order has that number." };
  const [current] = await db.select().from(orders).where(eq(orders.orderNumber, number));
  if (!current) return { ok: false, status: 404, error: "No order has that number." };
  const left = refundableFrom(current);
  if (left === 0) {
    return { ok: false, status: 409, error: "This order has nothing left to refund." };
  }
  const amount = parsed.data.amountPence ?? left;

  const reserved = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ refundedPence: sql`${orders.refundedPence} + ${amount}`, updatedAt: sql`now()` })
      .where(
        and(
          eq(orders.id, current.id),
          isNotNull(orders.paidAt),
          inArray(orders.status, [...REFUNDABLE]),
          sql`${orders.refundedPence} + ${amount} <= ${orders.totalPence}`,
        ),
      )
      .returning();
    if (!order) return undefined;
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        amountPence: amount,
        provider: order.paymentProvider,
        createdBy: actor,
        reason: parsed.data.reason,
      })
      .returning();
    return { order, refund: refund! };
  });
  if (!reserved) {
    const [now] = await db.select().from(orders).where(eq(orders.id, current.id));
    const remaining = now ? refundableFrom(now) : 0;
    return {
      ok: false,
      status: 409,
      error:
        remaining > 0
          ? `At most ${formatPence(remaining)} is left to refund on this order.`
          : "This order has nothing left to refund.",
    };
  }

  let reference: string;
  try {
    reference = await refundThroughProvider(reserved.order, reserved.refund);
  } catch (error) {
    logError(`Refund for ${orderNumber} failed at the provider`, error);
    if (!(error instanceof RefundRefused)) {
      // No clear answer: the provider may have made the refund, so the amount stays reserved and
      // the refund pending; asking again must reuse this refund's id as the idempotency key.
      return {
        ok: false,
        status: 502,
        error:
          "The payment provider did not answer, so the refund is pending: it may have been made. Do not refund again; check the refund with the payment provider.",
      };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(orderRefunds)
        .set({ status: "failed" })
        .where(eq(orderRefunds.id, reserved.refund.id));
      await tx
        .update(orders)
        .set({ refundedPence: sql`${orders.refundedPence} - ${amount}`, updatedAt: sql`now()` })
        .where(eq(orders.id, current.id));
    });
    return {
      ok: false,
      status: 502,
      error: "The payment provider did not accept the refund. Nothing was refunded; try again.",
    };
  }

  const done = await db.transaction(async (tx) => {
    const [refund] = await tx
      .update(orderRefunds)
      .set({ status: "succeeded", providerReference: reference })
      .where(eq(orderRefunds.id, reserved.refund.id))
      .returning();
    const [before] = await tx.select().from(orders).where(eq(orders.id, current.id)).for("update");
    // The status follows what has been refunded so far, whichever refund finishes last.
    const [order] = await tx
      .update(orders)
      .set({
        status: sql`CASE WHEN ${orders.refundedPence} >= ${orders.totalPence} THEN 'refunded' WHEN ${orders.status} = 'cancelled' THEN 'cancelled' ELSE 'partly_refunded' END`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, current.id))
      .returning();
    const beforeState = { status: before!.status, refundedPence: before!.refundedPence - amount };
    const afterState = {
      status: order!.status,
      refundedPence: order!.refundedPence,
      amountPence: amount,
      reference,
    };
    await tx.insert(orderEvents).values({
      orderId: current.id,
      kind: "refund",
      actor,
      before: beforeState,
      after: afterState,
      note: refund!.reason,
    });
    await recordAudit(tx, {
      actor,
      action: "order.refund",
      subject: `order:${number}`,
      before: beforeState,
      after: afterState,
    });
    await notifyCustomer(tx, order!, {
      kind: "refunded",
      amountPence: amount,
      fully: order!.refundedPence >= order!.totalPence,
      reason: refund!.reason,
      cancelled: before!.status === "cancelled",
    });
    return { refund: refund!, order: order! };
  });
  return { ok: true, ...done };
}

export async function refundsOfOrder(db: Database, orderId: string): Promise<Refund[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(desc(orderRefunds.createdAt));
}
