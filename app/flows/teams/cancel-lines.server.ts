import type { ShopParts } from "~/flows/parts.server";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderLines, orderRefunds, orders } from "~/orders/schema";
import { cancelAndRefund } from "~/flows/refunds/cancel-and-refund.server";
import { askAndSettleAll, type Refund, reserveRefund } from "~/flows/refunds/refunds.server";
import { MONEY_HELD, refundableFrom } from "~/orders/status";
import { toMakeSql } from "~/orders/states.server";
import { netOfDiscount } from "./net-of-discount";

/**
 * Issue 41, item 4: what a team's cancel does to one member order. An order holding only this
 * team's lines is cancelled and refunded in full, as any cancel (`cancelAndRefund`). An order that
 * also holds other lines (ordinary ones, another team's) keeps them: only this team's lines are
 * cancelled and their money refunded, the order partly refunded and still to be made and shipped.
 */
export type TeamCancelOutcome =
  { ok: true; cancelledNow: boolean; refunded: boolean } | { ok: false; message: string };

export async function cancelWithTeam(
  db: Database,
  orderNumber: string,
  slug: string,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  note: string,
): Promise<TeamCancelOutcome> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!order) return { ok: false, message: "No order has that number." };
  const [other] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(eq(orderLines.orderId, order.id), sql`${orderLines.teamSlug} IS DISTINCT FROM ${slug}`),
    )
    .limit(1);
  if (!other) {
    const outcome = await cancelAndRefund(db, orderNumber, actor, parts, undefined, note);
    if (!outcome.ok) return { ok: false, message: outcome.message };
    return {
      ok: true,
      cancelledNow: Boolean(outcome.cancelledNow),
      refunded: Boolean(outcome.refund),
    };
  }
  return cancelTeamLines(db, order.id, slug, actor, parts, note);
}

/**
 * Cancels this team's lines of an order that carries on, and refunds them, once however many
 * requests race: one transaction holds the order's row, marks the lines still to cancel (or whose
 * refund the provider refused) and reserves their refund; only then is the provider asked. The
 * refund's e-mail names the lines cancelled and the ones still to come (settle.server.ts).
 */
async function cancelTeamLines(
  db: Database,
  orderId: string,
  slug: string,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  note: string,
): Promise<TeamCancelOutcome> {
  const reserved = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    // Only money held on an order not yet made: once it is in production the lines are being made.
    if (
      !order ||
      !MONEY_HELD.includes(order.paymentStatus) ||
      order.fulfilmentStatus !== "unfulfilled"
    ) {
      return undefined;
    }
    const lines = await tx
      .select({
        id: orderLines.id,
        lineTotalPence: orderLines.lineTotalPence,
        vatRatePercent: orderLines.vatRatePercent,
        cancelledAt: orderLines.cancelledAt,
      })
      .from(orderLines)
      .leftJoin(orderRefunds, eq(orderRefunds.id, orderLines.cancelRefundId))
      .where(
        and(
          eq(orderLines.orderId, orderId),
          eq(orderLines.teamSlug, slug),
          or(
            isNull(orderLines.cancelledAt),
            isNull(orderRefunds.id),
            eq(orderRefunds.status, "failed"),
          ),
        ),
      );
    if (lines.length === 0) return undefined;
    const cancelledNow = lines.some((line) => line.cancelledAt === null);
    const amount = Math.min(
      netOfDiscount(
        lines.reduce((sum, line) => sum + line.lineTotalPence, 0),
        order,
      ),
      refundableFrom(order),
    );
    let refund: Refund | undefined;
    let refunds: Refund[] = [];
    if (amount > 0) {
      // X-VAT-4: the cancelled lines' rates decide the VAT it gives back.
      const against = lines.map((line) => ({
        ratePercent: line.vatRatePercent,
        grossPence: line.lineTotalPence,
      }));
      const reservedNow = await reserveRefund(tx, order.id, amount, note, actor, parts, against);
      refund = reservedNow?.refund;
      refunds = reservedNow?.refunds ?? [];
    }
    await tx
      .update(orderLines)
      .set({
        cancelledAt: sql`coalesce(${orderLines.cancelledAt}, now())`,
        cancelRefundId: refund?.id ?? null,
      })
      .where(
        inArray(
          orderLines.id,
          lines.map((line) => line.id),
        ),
      );
    return { refund, refunds, cancelledNow };
  });
  if (!reserved) return { ok: true, cancelledNow: false, refunded: false };
  if (!reserved.refund) return { ok: true, cancelledNow: reserved.cancelledNow, refunded: false };
  // X-GIFT-5: the gift cards' part first, then the card payment's.
  const asked = await askAndSettleAll(db, reserved.refunds, parts.payments);
  if (!asked.ok) {
    return {
      ok: false,
      message: `The team's items are cancelled, but the refund did not go through. ${asked.message}`,
    };
  }
  return { ok: true, cancelledNow: reserved.cancelledNow, refunded: true };
}

/** What "Cancel team order and refund everyone" would give back now, for its confirming step:
 *  each order to make in full, or the team's lines (net of the discount) of an order that carries on. */
export async function teamCancelRefundPence(db: Database, slug: string): Promise<number> {
  const rows = await db
    .select({
      totalPence: orders.totalPence,
      subtotalPence: orders.subtotalPence,
      discountPence: orders.discountPence,
      refundedPence: orders.refundedPence,
      teamPence: sql<number>`coalesce(sum(${orderLines.lineTotalPence}) FILTER (WHERE ${orderLines.teamSlug} = ${slug} AND ${orderLines.cancelledAt} IS NULL), 0)::int`,
      others: sql<number>`count(*) FILTER (WHERE ${orderLines.teamSlug} IS DISTINCT FROM ${slug})::int`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        toMakeSql(),
        sql`EXISTS (SELECT 1 FROM ${orderLines} l WHERE l.order_id = ${orders.id} AND l.team_slug = ${slug})`,
      ),
    )
    .groupBy(orders.id);
  return rows.reduce((sum, row) => {
    const left = row.totalPence - row.refundedPence;
    return sum + (row.others === 0 ? left : Math.min(netOfDiscount(row.teamPence, row), left));
  }, 0);
}
