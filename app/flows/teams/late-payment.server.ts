import type { ShopParts } from "~/flows/parts.server";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { toMakeSql } from "~/orders/states.server";
import type { Database } from "~/db/client.server";
import { orderLines, orders } from "~/orders/schema";
import { type TeamStatus, teams } from "~/teams/schema";
import { cancelWithTeam } from "./cancel-lines.server";
import { notifyOwner } from "~/mail/owner-notice.server";
import { readSettingsState } from "~/catalogue/editing/settings.server";
import { changeOrderStatus } from "~/orders/workflow.server";
import { canonicalOrigin } from "~/security/origin.server";
import { logError } from "~/security/log.server";
import { movedWithTeam } from "./batch.server";
import { LATE_PAYMENT_BATCH } from "~/shared/limits";

/** The actor in the order's history and the audit log: the shop itself, not the owner. */
export const LATE_PAYMENT_ACTOR = "shop (team order follow-up)";

export const cancelledBeforePayment = (teamName: string) =>
  `Cancelled with the team order ${teamName}: the team order was cancelled before this payment arrived.`;

export const dispatchedBeforePayment = (teamName: string) =>
  `${movedWithTeam(teamName)} It was paid after the team's parcel was dispatched, so it was not in it: dispatch it on its own.`;

/** Which of an order's teams decides what happens to it (one order may carry several teams). */
const WEIGHT: Partial<Record<TeamStatus, number>> = {
  cancelled: 3,
  dispatched: 2,
  in_production: 1,
};

/**
 * X-TEAM-5 for a payment that arrives after the batch moved (a member who began checking out
 * before the owner's "Mark team in production", "Mark team dispatched" or "Cancel team order and
 * refund everyone" and paid after it): the background job `team-late-payments`, in every process,
 * finds each member order that is plain `paid` while one of its teams is past taking payments, and
 * does to it what the batch did to the others:
 *
 * - team `cancelled`: the order is cancelled and refunded in full through `cancelAndRefund` (its
 *   usual e-mail, history and refund row), the history saying the team was cancelled first; an
 *   order that also holds other lines has only the team's lines cancelled and refunded (issue 41);
 * - team `in_production`: moved to in production as the batch moves it ("Moved with the team
 *   order …");
 * - team `dispatched` (delivery together): the parcel has gone, so the order is moved to in
 *   production only, its history saying so, and the shop is told (an owner notice) to dispatch
 *   it on its own.
 *
 * The payment itself is recorded first, by `fulfilPaidOrder`, and nothing here runs inside a
 * webhook: a failure leaves the order `paid`, so the next pass (or another process) takes it again.
 * Every step is a conditional update (the cancel, the refund's reservation, the move), so a pass
 * racing another process or the owner's own batch changes and refunds each order once. Answers how
 * many orders this pass changed.
 */
export async function settleLateTeamPayments(
  db: Database,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  { batch = LATE_PAYMENT_BATCH }: { batch?: number } = {},
): Promise<number> {
  const rows = await db
    .selectDistinct({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      paidAt: orders.paidAt,
      teamName: teams.name,
      teamSlug: teams.slug,
      teamStatus: teams.status,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(teams, eq(teams.slug, orderLines.teamSlug))
    .where(
      and(
        // Paid and not yet made: what a batch that has moved on must still take along.
        toMakeSql(),
        // A team line already cancelled with its team is done with (issue 41).
        isNull(orderLines.cancelledAt),
        inArray(teams.status, ["cancelled", "in_production", "dispatched"]),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id))
    .limit(batch * 4);

  const byOrder = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const seen = byOrder.get(row.orderId);
    if (!seen || (WEIGHT[row.teamStatus] ?? 0) > (WEIGHT[seen.teamStatus] ?? 0)) {
      byOrder.set(row.orderId, row);
    }
  }

  let changed = 0;
  for (const row of [...byOrder.values()].slice(0, batch)) {
    try {
      if (await followUp(db, row, parts)) changed++;
    } catch (error) {
      // Left paid: the next pass asks again.
      logError(`The team follow-up of order ${row.orderNumber} failed`, error);
    }
  }
  return changed;
}

async function followUp(
  db: Database,
  row: {
    orderId: string;
    orderNumber: string;
    teamName: string;
    teamSlug: string;
    teamStatus: TeamStatus;
  },
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
): Promise<boolean> {
  if (row.teamStatus === "cancelled") {
    // Issue 41: an order that also holds other lines keeps them; only the team's are cancelled.
    const outcome = await cancelWithTeam(
      db,
      row.orderNumber,
      row.teamSlug,
      LATE_PAYMENT_ACTOR,
      parts,
      cancelledBeforePayment(row.teamName),
    );
    if (!outcome.ok) {
      logError(
        `Order ${row.orderNumber} was paid after its team order was cancelled`,
        new Error(outcome.message),
      );
    }
    // Counted when this pass's update cancelled it: a refund made here after another process
    // (or the owner's batch) cancelled it is that one's order (X-TEAM-5, the race test).
    return outcome.ok && outcome.cancelledNow;
  }
  if (row.teamStatus === "in_production") {
    const outcome = await changeOrderStatus(
      db,
      row.orderNumber,
      { status: "in_production" },
      LATE_PAYMENT_ACTOR,
      { note: movedWithTeam(row.teamName) },
    );
    return outcome.ok && outcome.changed;
  }
  // Dispatched together: moved to in production, and the shop told, in one transaction.
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const outcome = await changeOrderStatus(
      txDb,
      row.orderNumber,
      { status: "in_production" },
      LATE_PAYMENT_ACTOR,
      { note: dispatchedBeforePayment(row.teamName) },
    );
    if (!outcome.ok || !outcome.changed) return false;
    await notifyOwner(
      txDb,
      parts.settings,
      (await readSettingsState(txDb)).settings.seller,
      `team-late-dispatch:${row.orderId}`,
      {
        subject: `Paid after the team's parcel went: ${row.orderNumber}`,
        text: [
          `Order ${row.orderNumber} of the team order "${row.teamName}" was paid after the team's parcel was dispatched.`,
          "It is in production: dispatch it on its own from its order page.",
          "",
          `The order: ${canonicalOrigin(parts.settings)}/admin/orders/${row.orderNumber}`,
          `The batch: ${canonicalOrigin(parts.settings)}/admin/teams/${row.teamSlug}`,
        ].join("\n"),
      },
      row.orderId,
    );
    return true;
  });
}
