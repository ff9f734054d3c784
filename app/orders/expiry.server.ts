import { and, asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "./schema";
import { markOrderCancelled } from "./orders.server";
import { awaitingPaymentSql } from "./states.server";
import { EXPIRY_BATCH, HOLD_EXTENSION_MINUTES, HOLD_EXTENSIONS_MAX } from "~/shared/limits";

/**
 * Cancels pending orders past their expiry time and gives back what they hold (X-STK-4).
 * The due rows are claimed with FOR UPDATE SKIP LOCKED, so any number of processes can run this
 * at once and each order is taken by one of them; the cancel itself is conditional on the order
 * still being pending (a payment may have won), and returns stock in the same transaction.
 * Answers the order ids this call expired.
 */
export async function expireDueOrders(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(awaitingPaymentSql(), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(EXPIRY_BATCH)
      .for("update", { skipLocked: true });
    const expired: string[] = [];
    for (const { id } of due) {
      if (await markOrderCancelled(tx, id)) expired.push(id);
    }
    return expired;
  });
}

export type HoldExtension =
  | { ok: true; expiresAt: Date; extensionsLeft: number }
  | { ok: false; reason: "not_pending" | "expired" | "no_more" };

/**
 * Keeps an unpaid order (and the stock it holds) for HOLD_EXTENSION_MINUTES more from `now`, the
 * shop's clock (issue 56, WCAG 2.2.1): the payment page's "keep my order" button. One update,
 * conditional on the order still awaiting payment, not yet past its time and under
 * HOLD_EXTENSIONS_MAX: a payment, the expiry runner or a second press racing it cannot extend an
 * order that has ended, nor twice past the limit. Never shortens a hold.
 */
export async function extendOrderHold(
  db: Database,
  orderId: string,
  now: Date,
): Promise<HoldExtension> {
  const until = new Date(now.getTime() + HOLD_EXTENSION_MINUTES * 60_000);
  const [kept] = await db
    .update(orders)
    .set({
      expiresAt: sql`greatest(${orders.expiresAt}, ${until.toISOString()}::timestamptz)`,
      holdExtensions: sql`${orders.holdExtensions} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, orderId),
        awaitingPaymentSql(),
        gt(orders.expiresAt, now),
        lt(orders.holdExtensions, HOLD_EXTENSIONS_MAX),
      ),
    )
    .returning({ expiresAt: orders.expiresAt, holdExtensions: orders.holdExtensions });
  if (kept) {
    return {
      ok: true,
      expiresAt: kept.expiresAt,
      extensionsLeft: HOLD_EXTENSIONS_MAX - kept.holdExtensions,
    };
  }
  const [order] = await db
    .select({ expiresAt: orders.expiresAt, holdExtensions: orders.holdExtensions })
    .from(orders)
    .where(and(eq(orders.id, orderId), awaitingPaymentSql()));
  if (!order) return { ok: false, reason: "not_pending" };
  if (order.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: false, reason: "no_more" };
}

/** How many more times an order may be kept longer (issue 56). */
export const extensionsLeft = (order: { holdExtensions: number }) =>
  Math.max(0, HOLD_EXTENSIONS_MAX - order.holdExtensions);
