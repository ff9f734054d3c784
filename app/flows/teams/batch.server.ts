import { choiceDetails } from "~/catalogue/options";
import type { ShopParts } from "~/flows/parts.server";
import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type TeamStatus, teamEntries, teams } from "~/teams/schema";
import { orders as orderRows } from "~/orders/schema";
import { markOrderCancelled } from "~/orders/orders.server";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { cancelWithTeam, teamCancelRefundPence } from "./cancel-lines.server";
import { changeOrderStatus, statusChangeInput } from "~/orders/workflow.server";
import { awaitingPaymentSql, refundableBeforeMakingSql, toMakeSql } from "~/orders/states.server";
import { canMoveTo } from "~/orders/status";
import { recordAudit } from "~/security/audit.server";
import { done, problem, type Result } from "~/shared/problems";
import { findTeam, teamOrdersAndRoster } from "~/teams/teams.server";
import { closeDueTeams } from "~/teams/closing.server";
import {
  changeClosing,
  changeNote,
  changeOffer,
  closeTeamNow,
} from "~/teams/store-controls.server";
import { parsePoundsToPence } from "~/pricing/parse-pounds";
import type { Catalogue } from "~/catalogue/catalogue";
import { ukDateTimeInWords } from "~/teams/rules";
import { fromLondonLocal } from "~/shared/london-time";
import { enqueueMail } from "~/mail/outbox.server";
import { trackingUrl } from "~/shared/carriers";

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
  now: Date,
  /** For the closing summary and the organiser's dispatch e-mail (X-TEAM-8). */
  settings?: Pick<ShopParts, "settings">["settings"],
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

  // The store stops taking orders before any order moves; its closing time becomes now if it
  // was to come, so members read when it really closed (X-TEAM-8). One clock for both the new
  // closing time and the closing pass below: the database's now() is in microseconds and can be
  // a fraction of a millisecond after this process's clock, which the pass would not yet reach.
  const [changed] = await db
    .update(teams)
    .set({
      status,
      updatedAt: now,
      closesAt: sql`least(${teams.closesAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(and(eq(teams.id, team.row.id), inArray(teams.status, from)))
    .returning();
  if (changed && settings) {
    // However the store closed, the organiser's summary goes, once (the job's own claim).
    if (status === "in_production") await closeDueTeams(db, settings, now);
    if (status === "dispatched") {
      await tellOrganiserDispatched(db, changed, input.carrier ?? "", input.trackingNumber ?? "");
    }
  }
  const { orders } = await teamOrdersAndRoster(db, slug);
  let moved = 0;
  for (const order of orders) {
    // Paid (or partly refunded) orders one step behind the team's move (X-ORD-2).
    // A team's orders are made for it (its text on every line): the made-to-order path.
    if (!canMoveTo(order, status, "make")) continue;
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

/** X-TEAM-8: the organiser hears that the team's parcel went, with its tracking link, once. */
async function tellOrganiserDispatched(
  db: Database,
  team: typeof teams.$inferSelect,
  carrier: string,
  trackingNumber: string,
) {
  const { roster } = await teamOrdersAndRoster(db, team.slug);
  const link = trackingUrl(carrier, trackingNumber);
  await enqueueMail(
    db,
    {
      to: team.organiserEmail,
      subject: `Your team's kit is on its way: ${team.name}`,
      text: [
        `Hello ${team.organiserName},`,
        "",
        `The team's parcel has been sent${team.deliveryAddress ? ` to ${team.deliveryAddress.replace(/\s*\r?\n\s*/g, ", ")}` : ""} with ${carrier}, tracking number ${trackingNumber}.`,
        ...(link ? [`Track it: ${link}`] : []),
        "",
        "In the parcel:",
        ...roster.map(
          (entry) =>
            `- ${entry.memberName}: ${entry.productName ?? entry.productId} (${choiceDetails(entry).join(", ")})`,
        ),
        "",
        "GRIP TRUTH",
      ].join("\n"),
    },
    { dedupeKey: `team-dispatched:${team.id}`, kind: "team-dispatched", ref: team.id },
  );
}

/**
 * POST /api/admin/teams/:slug/cancel {refund: true}: the store is cancelled and each paid member
 * order cancelled and refunded, or, where the order also holds other lines, only the team's lines
 * (issue 41); `{cancelled, refunded}` count the orders this request did that to.
 */
export async function cancelTeam(
  db: Database,
  slug: string,
  body: unknown,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
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
  const stopped = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    // X-SEC-26: the team's row, the lock the organiser's "Pay" takes, then the organiser's open
    // checkout is closed before the store is cancelled: it cannot be paid after members were
    // told (a payment that comes anyway is refunded as one for a cancelled order).
    await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, team.row.id)).for("update");
    const open = await tx
      .selectDistinct({ id: orderRows.id })
      .from(teamEntries)
      .innerJoin(orderRows, eq(orderRows.id, teamEntries.orderId))
      .where(and(eq(teamEntries.teamId, team.row.id), awaitingPaymentSql()));
    const [row] = await tx
      .update(teams)
      .set({ status: "cancelled", updatedAt: parts.clock.now() })
      .where(
        and(eq(teams.id, team.row.id), notInArray(teams.status, ["in_production", "dispatched"])),
      )
      .returning({ id: teams.id });
    if (row) for (const order of open) await markOrderCancelled(tx, order.id);
    return row;
  });
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
    // Issue 41: only the team's lines of an order that also holds others.
    const outcome = await cancelWithTeam(
      db,
      order.orderNumber,
      slug,
      actor,
      parts,
      cancelledWithTeam(team.row.name),
    );
    if (!outcome.ok) continue;
    // Counted by the request whose update cancelled it, not by one that only refunded it.
    if (outcome.cancelledNow) cancelled++;
    if (outcome.refunded) refunded++;
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

/** What the batch page asks before cancelling (X-TEAM-5, as the order page's step, X-DAY-1),
 *  moving the batch, closing now or changing the closing date (X-TEAM-8). */
export type TeamCancelStep =
  | { kind: "team-cancel"; orders: number; refundPence: number }
  | {
      kind: "team-move";
      status: "in_production" | "dispatched";
      orders: number;
      /** The store is still taking orders: this closes it. */
      closesStore: boolean;
      carrier?: string;
      trackingNumber?: string;
    }
  | { kind: "team-close"; orders: number }
  | { kind: "team-closing"; closesAt: string; closesLocal: string };

/** The batch page's buttons (X-TEAM-5): a message, the confirming step, or a refusal. */
export async function teamPageAction(
  db: Database,
  slug: string,
  form: FormData,
  actor: string,
  parts: Pick<ShopParts, "settings" | "payments" | "clock">,
  catalogue?: Catalogue,
): Promise<Result<{ message: string } | { confirm: TeamCancelStep }>> {
  const intent = String(form.get("intent") ?? "");
  const confirmed = form.get("confirmed") === CONFIRMED;
  if ((intent === "in_production" || intent === "dispatched") && !confirmed) {
    const team = await findTeam(db, slug);
    if (!team) return problem("not_found", "No team order has that name.");
    const { orders } = await teamOrdersAndRoster(db, slug);
    return done({
      confirm: {
        kind: "team-move" as const,
        status: intent,
        orders: orders.filter((order) => canMoveTo(order, intent, "make")).length,
        closesStore: team.row.status === "open",
        ...(intent === "dispatched"
          ? {
              carrier: String(form.get("carrier") ?? ""),
              trackingNumber: String(form.get("trackingNumber") ?? ""),
            }
          : {}),
      },
    });
  }
  if (intent === "close") {
    if (!confirmed) {
      const { orders } = await teamOrdersAndRoster(db, slug);
      return done({ confirm: { kind: "team-close" as const, orders: orders.length } });
    }
    const closed = await closeTeamNow(db, slug, actor, parts.settings, parts.clock.now());
    if (!closed.ok) return closed;
    return done({
      message: closed.data.summarySent
        ? "The team store is closed; the summary has gone to the organiser."
        : "The team store is closed; the summary goes to the organiser once the members still paying have finished.",
    });
  }
  if (intent === "closing") {
    const closesLocal = String(form.get("closesAt") ?? "");
    const closesAt = fromLondonLocal(closesLocal);
    if (!closesAt) return problem("invalid_input", "Give the new closing date and time (UK time).");
    if (!confirmed) {
      return done({
        confirm: { kind: "team-closing" as const, closesAt: closesAt.toISOString(), closesLocal },
      });
    }
    const changed = await changeClosing(
      db,
      slug,
      { closesAt: closesAt.toISOString() },
      actor,
      parts.clock.now(),
    );
    if (!changed.ok) return changed;
    return done({
      message: `The store now closes ${ukDateTimeInWords(new Date(changed.data.closesAt))} (UK time).`,
    });
  }
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
      parts.clock.now(),
      parts.settings,
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
  if (intent === "note") {
    const changed = await changeNote(db, slug, { note: String(form.get("note") ?? "") }, actor);
    if (!changed.ok) return changed;
    return done({
      message: changed.data.note ? "The note to members is saved." : "The note is removed.",
    });
  }
  if (intent === "prices") {
    // Issue 41: each offer kept at the price typed, in pounds; a ticked "Remove" drops it.
    const team = await findTeam(db, slug);
    if (!team || !catalogue) return problem("not_found", "No team order has that name.");
    const products = [];
    for (const [index, offer] of team.offers.entries()) {
      if (form.get(`remove-${index}`) === "on") continue;
      const typed = String(form.get(`price-${index}`) ?? "").trim();
      const teamPricePence = parsePoundsToPence(typed);
      if (teamPricePence === undefined) {
        return problem(
          "invalid_input",
          `Give a team price in pounds for ${catalogue.all.get(offer.productId)?.name ?? "the product"} (${offer.optionType}), like 45.00.`,
        );
      }
      products.push({ productId: offer.productId, optionType: offer.optionType, teamPricePence });
    }
    const changed = await changeOffer(db, catalogue, slug, { products }, actor);
    if (!changed.ok) return changed;
    return done({ message: "The products and team prices are saved." });
  }
  if (intent === "cancel") {
    if (!confirmed) {
      const { orders } = await teamOrdersAndRoster(db, slug, toMakeSql());
      return done({
        confirm: {
          kind: "team-cancel" as const,
          orders: orders.length,
          refundPence: await teamCancelRefundPence(db, slug),
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
