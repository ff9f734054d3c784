import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { orderEvents, orderLines, orders } from "./schema";
import { lineInWords } from "./line-description";
import { returnStock } from "./reservations.server";
import { giveBackDiscountUse } from "~/discounts/redemption.server";
import { notifyCustomer } from "./notify.server";
import { hasNoNul } from "~/shared/text";
import { normaliseOrderNumber } from "./order-number";
import type { Order } from "./orders.server";
import {
  CANCELLABLE_PAYMENTS,
  canMoveTo,
  isPaid,
  legacyStatus,
  MONEY_HELD,
  MOVES_FROM,
  lineNeedsMaking,
  orderPath,
  refundableFrom,
  statusLabel,
  WORKFLOW_TARGETS,
} from "./status";
import type { CustomerNotice } from "./status-emails";
import { CARRIER_MAX, TRACKING_NUMBER_MAX } from "~/shared/limits";
import { CARRIER_LIST_TEXT, carrierNamed } from "~/shared/carriers";
import type { Problem } from "~/shared/problems";

export const statusChangeInput = z
  .object({
    status: z.enum(WORKFLOW_TARGETS, {
      error: "The status must be in_production, made, dispatched, delivered or cancelled.",
    }),
    carrier: z
      .string()
      .trim()
      .max(CARRIER_MAX, `The carrier can have at most ${CARRIER_MAX} characters.`)
      .refine(hasNoNul, "The carrier has a character that is not allowed.")
      // From the list (X-DAY-5), stored in the list's spelling; the form offers only these.
      .refine(
        (text) => text === "" || carrierNamed(text) !== undefined,
        `Choose the carrier from the list: ${CARRIER_LIST_TEXT}.`,
      )
      .transform((text) => carrierNamed(text) ?? text)
      .optional(),
    trackingNumber: z
      .string()
      .trim()
      .max(
        TRACKING_NUMBER_MAX,
        `The tracking number can have at most ${TRACKING_NUMBER_MAX} characters.`,
      )
      .refine(hasNoNul, "The tracking number has a character that is not allowed.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== "dispatched") return;
    if (!value.carrier) ctx.addIssue({ code: "custom", message: "Enter the carrier." });
    if (!value.trackingNumber) {
      ctx.addIssue({ code: "custom", message: "Enter the tracking number." });
    }
  });

export type StatusChangeOutcome = { ok: true; order: Order; changed: boolean } | Problem;

/**
 * Moves an order along the workflow (X-OPS-4) as one conditional update in a transaction with
 * its history and audit rows; the customer's e-mail goes out after it commits. Asking again for
 * the status the order already has changes nothing and sends nothing (safe to repeat).
 */
export async function changeOrderStatus(
  db: Database,
  orderNumber: string,
  input: unknown,
  actor: string,
  options: {
    /** A refund of what was paid follows this cancel, and its e-mail tells the customer both
     *  (X-DAY-1): a paid order's cancel then sends no e-mail of its own. */
    refundFollows?: boolean;
    /** Said in the order's history beside the move (X-TEAM-5: "Moved with the team order …"). */
    note?: string;
  } = {},
): Promise<StatusChangeOutcome> {
  const parsed = statusChangeInput.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid input.",
    };
  }
  const number = normaliseOrderNumber(orderNumber);
  if (!number) return { ok: false, kind: "not_found", message: "No order has that number." };
  const { status: target } = parsed.data;
  const carrier = target === "dispatched" ? parsed.data.carrier! : undefined;
  const trackingNumber = target === "dispatched" ? parsed.data.trackingNumber! : undefined;

  const result = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(orders)
      .where(eq(orders.orderNumber, number))
      .for("update");
    if (!before)
      return {
        ok: false as const,
        kind: "not_found" as const,
        message: "No order has that number.",
      };
    if (before.fulfilmentStatus === target) {
      return { ok: true as const, order: before, changed: false };
    }
    const lines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, before.id))
      .orderBy(asc(orderLines.position));
    // Issue 53: off the shelf, dispatched at once; made to order, in production → made → dispatched.
    const path = orderPath(lines);
    if (!canMoveTo(before, target, path)) {
      const unmade =
        target === "dispatched" && before.fulfilmentStatus === "unfulfilled" && isPaid(before);
      return {
        ok: false as const,
        kind: "conflict" as const,
        message: unmade
          ? "This order has items made to order or personalised: mark it in production, then made, before it is dispatched."
          : `An order that is ${statusLabel(legacyStatus(before)).toLowerCase()} cannot be changed to ${statusLabel(target).toLowerCase()}.`,
      };
    }
    const [after] = await tx
      .update(orders)
      .set({
        fulfilmentStatus: target,
        updatedAt: sql`now()`,
        // The 14-day right to cancel runs from these (X-UK-5).
        ...(target === "dispatched" ? { carrier, trackingNumber, dispatchedAt: sql`now()` } : {}),
        ...(target === "delivered" ? { deliveredAt: sql`now()` } : {}),
      })
      // Only the fulfilment moves (X-ORD-1); the payment it needs is checked in the same update.
      .where(
        and(
          eq(orders.id, before.id),
          inArray(orders.fulfilmentStatus, [...MOVES_FROM[target]]),
          inArray(orders.paymentStatus, [
            ...(target === "cancelled" ? CANCELLABLE_PAYMENTS : MONEY_HELD),
          ]),
        ),
      )
      .returning();
    if (!after) {
      return {
        ok: false as const,
        kind: "conflict" as const,
        message: "The order changed meanwhile; reload it.",
      };
    }
    const beforeState = {
      status: legacyStatus(before),
      ...(target === "dispatched"
        ? { carrier: before.carrier, trackingNumber: before.trackingNumber }
        : {}),
    };
    const afterState = {
      status: legacyStatus(after),
      ...(target === "dispatched" ? { carrier, trackingNumber } : {}),
    };
    // The history also names the fulfilment step, which `status` hides on a partly refunded order.
    await tx.insert(orderEvents).values({
      orderId: before.id,
      kind: "status",
      actor,
      before: { ...beforeState, fulfilment_status: before.fulfilmentStatus },
      after: { ...afterState, fulfilment_status: after.fulfilmentStatus },
      note: options.note ?? null,
    });
    await recordAudit(tx, {
      actor,
      action: "order.status",
      subject: `order:${before.orderNumber}`,
      before: beforeState,
      after: afterState,
    });
    // A cancelled order's reserved stock goes back on the shelf, once (X-STK-3).
    if (target === "cancelled") await returnStock(tx, before.id);
    // A cancelled order gives back its discount-code use, paid or not (X-OPS-9, X-DAY-1).
    if (target === "cancelled") await giveBackDiscountUse(tx, before.discountCode);
    // What is sent: every line but those cancelled with a team (issue 41).
    const sent = lines.filter((line) => !line.cancelledAt);
    const notice: CustomerNotice =
      target === "dispatched"
        ? {
            kind: "dispatched",
            carrier: carrier!,
            trackingNumber: trackingNumber!,
            lines: sent.map(lineInWords),
          }
        : target === "in_production"
          ? {
              kind: "in_production",
              // Issue 53: which lines are being made, and which wait on the shelf for them.
              made: sent.filter(lineNeedsMaking).map(lineInWords),
              fromStock: sent.filter((line) => !lineNeedsMaking(line)).map(lineInWords),
            }
          : { kind: target };
    const refundTells =
      options.refundFollows && target === "cancelled" && refundableFrom(before) > 0;
    if (!refundTells) await notifyCustomer(tx, after, notice);
    return { ok: true as const, order: after, changed: true };
  });
  return result;
}
