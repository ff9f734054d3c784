import type { ShopParts } from "~/flows/parts.server";
import { and, eq, inArray, notInArray } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type TeamStatus, teams } from "~/db/schema";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { cancelAndRefund } from "~/flows/refunds/cancel-and-refund.server";
import { changeOrderStatus, statusChangeInput } from "~/orders/workflow.server";
import { refundableBeforeMakingSql, toMakeSql } from "~/orders/states.server";
import { canMoveTo } from "~/orders/status";
import { recordAudit } from "~/security/audit.server";
import { done, problem, type Result } from "~/shared/problems";
import { findTeam, teamOrdersAndRoster } from "~/teams/teams.server";

/**
 * The owner's batch (X-TEAM-5): a team's paid member orders moved through the shop's own order
 * workflow together (each member gets the usual e-mail once; each order's history says it moved
 * with the team), or cancelled and refunded through the shop's cancel-and-refund flow (each paid
 * order refunded once, however often or concurrently it is asked).
 */

const statusInput = z.object(
  {
    status: z.enum(["in_production", "dispatched"], {
      error: 'status must be "in_production" or "dispatched".',
    }),
    carrier: z.string().optional(),
    trackingNumber: z.string().optional(),
  },
  { error: "Send {status, carrier?, trackingNumber?}." },
);

export const movedWithTeam = (teamName: string) => `Moved with the team order ${teamName}.`;
export const cancelledWithTeam = (teamName: string) => `Cancelled with the team order ${teamName}.`;

/** POST /api/admin/teams/:slug/status: `{moved: n}`, the member orders that moved now. */
export async function moveTeam(
  db: Database,
  slug: string,
  body: unknown,
  actor: string,
): Promise<Result<{ moved: number; status: string }>> {
  const parsed = statusInput.safeParse(body);
  if (!parsed.success)
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Invalid input.");
  const team = await findTeam(db, slug);
  if (!team) return problem("not_found", "No team order has that name.");
  const { status } = parsed.data;
  if (status === "dispatched" && team.row.delivery !== "together") {
    return problem(
      "invalid_input",
      "Each member's order of this team is delivered on its own: dispatch them from the orders list.",
    );
  }
  const from: TeamStatus[] = status === "in_production" ? ["open", "closed"] : ["in_production"];
  if (team.row.status !== status && !from.includes(team.row.status)) {
    return problem(
      "conflict",
      status === "dispatched"
        ? "Mark the team in production first."
        : `A team order that is ${team.row.status.replace("_", " ")} cannot be marked in production.`,
    );
  }
  // The workflow checks carrier and tracking number (from the carriers' list) for each order:
  // check them once first, so that a bad one moves nothing.
  const input = {
    status,
    ...(status === "dispatched"
      ? { carrier: parsed.data.carrier ?? "", trackingNumber: parsed.data.trackingNumber ?? "" }
      : {}),
  };
  const valid = statusChangeInput.safeParse(input);
  if (!valid.success)
    return problem("invalid_input", valid.error.issues[0]?.message ?? "Invalid input.");

  // The store stops taking orders before any order moves.
  await db
    .update(teams)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(teams.id, team.row.id), inArray(teams.status, [...from, status])));
  const { orders } = await teamOrdersAndRoster(db, slug);
  let moved = 0;
  for (const order of orders) {
    // Paid (or partly refunded) orders one step behind the team's move (X-ORD-2).
    if (!canMoveTo(order, status)) continue;
    const outcome = await changeOrderStatus(db, order.orderNumber, input, actor, {
      note: movedWithTeam(team.row.name),
    });
    if (outcome.ok && outcome.changed) moved++;
  }
  await recordAudit(db, {
    actor,
    action: "team.status",
    subject: `team:${slug}`,
    before: { status: team.row.status },
    after: { status, moved },
  });
  return done({ moved, status });
}

/**
 * POST /api/admin/teams/:slug/cancel {refund: true}: the store is cancelled and each paid member
 * order cancelled and refunded; `{cancelled, refunded}` count what this request did.
 */
export async function cancelTeam(
  db: Database,
  slug: string,
  body: unknown,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments">,
): Promise<Result<{ cancelled: number; refunded: number }>> {
  const refund =
    typeof body === "object" && body !== null
      ? (body as Record<string, unknown>).refund
      : undefined;
  if (refund !== true)
    return problem(
      "invalid_input",
      "Send {refund: true}: a team order is cancelled with its refunds.",
    );
  const team = await findTeam(db, slug);
  if (!team) return problem("not_found", "No team order has that name.");
  const [stopped] = await db
    .update(teams)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(
      and(eq(teams.id, team.row.id), notInArray(teams.status, ["in_production", "dispatched"])),
    )
    .returning({ id: teams.id });
  if (!stopped) {
    return problem(
      "conflict",
      `A team order that is ${team.row.status.replace("_", " ")} cannot be cancelled here; refund its orders one by one.`,
    );
  }
  // Paid orders, and cancelled ones whose refund did not go through before (asked again).
  const { orders } = await teamOrdersAndRoster(db, slug, refundableBeforeMakingSql());
  let cancelled = 0;
  let refunded = 0;
  for (const order of orders) {
    const outcome = await cancelAndRefund(
      db,
      order.orderNumber,
      actor,
      parts,
      undefined,
      cancelledWithTeam(team.row.name),
    );
    if (!outcome.ok) continue;
    // Counted by the request whose update cancelled it, not by one that only refunded it.
    if (outcome.cancelledNow) cancelled++;
    if (outcome.refund) refunded++;
  }
  await recordAudit(db, {
    actor,
    action: "team.cancel",
    subject: `team:${slug}`,
    before: { status: team.row.status },
    after: { status: "cancelled", cancelled, refunded },
  });
  return done({ cancelled, refunded });
}

/** What the batch page asks before cancelling (X-TEAM-5, as the order page's step, X-DAY-1). */
export interface TeamCancelStep {
  kind: "team-cancel";
  orders: number;
  refundPence: number;
}

/** The batch page's buttons (X-TEAM-5): a message, the confirming step, or a refusal. */
export async function teamPageAction(
  db: Database,
  slug: string,
  form: FormData,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments">,
): Promise<Result<{ message: string } | { confirm: TeamCancelStep }>> {
  const intent = String(form.get("intent") ?? "");
  if (intent === "in_production" || intent === "dispatched") {
    const moved = await moveTeam(
      db,
      slug,
      {
        status: intent,
        carrier: String(form.get("carrier") ?? ""),
        trackingNumber: String(form.get("trackingNumber") ?? ""),
      },
      actor,
    );
    if (!moved.ok) return moved;
    const orders = `${moved.data.moved} order${moved.data.moved === 1 ? "" : "s"}`;
    return done({
      message:
        intent === "in_production"
          ? `Team marked in production: ${orders} moved.`
          : `Team marked dispatched: ${orders} moved.`,
    });
  }
  if (intent === "cancel") {
    if (form.get("confirmed") !== CONFIRMED) {
      const { orders } = await teamOrdersAndRoster(db, slug, toMakeSql());
      return done({
        confirm: {
          kind: "team-cancel" as const,
          orders: orders.length,
          refundPence: orders.reduce((sum, order) => sum + order.totalPence, 0),
        },
      });
    }
    const cancelled = await cancelTeam(db, slug, { refund: true }, actor, parts);
    if (!cancelled.ok) return cancelled;
    return done({
      message: `Team order cancelled: ${cancelled.data.cancelled} orders cancelled, ${cancelled.data.refunded} refunded.`,
    });
  }
  return problem("invalid_input", "Unknown action.");
}
