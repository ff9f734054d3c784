import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Catalogue } from "~/catalogue/catalogue";
import type { Database } from "~/db/client.server";
import { teamHasPaidOrder, teamHasPendingOrder } from "~/orders/team-orders.server";
import { teamEntries, teamProducts, teams } from "./schema";
import { TEAM_NOTE_MAX } from "~/shared/limits";
import { text } from "~/shared/text";
import type { OwnerNoticeSettings } from "~/mail/owner-notice.server";
import { recordAudit } from "~/security/audit.server";
import type { OriginSettings } from "~/security/origin.server";
import { done, problem, type Result } from "~/shared/problems";
import { closeDueTeams } from "./closing.server";
import { firstTeamIssue, SLUG_PATTERN, teamInputSchema, ukDateTimeInWords } from "./rules";
import { offersProblem } from "./teams.server";

/**
 * The owner's store controls (X-TEAM-8): "Close now" and "Change closing date". Each is one
 * conditional update of the team's row (open, no summary yet), so it cannot pass the closing
 * job, which claims the same row FOR UPDATE and sets the summary once. Closing now runs the
 * closing job's pass at once: the organiser's summary goes then (or, while a member is still
 * paying, as soon as no checkout is pending), once, as for any other closing.
 */

type ControlSettings = OwnerNoticeSettings & OriginSettings;

/** POST /api/admin/teams/:slug/close: 200 {closesAt, summarySent}. */
export async function closeTeamNow(
  db: Database,
  slug: string,
  actor: string,
  settings: ControlSettings,
  now: Date,
): Promise<Result<{ closesAt: string; summarySent: boolean }>> {
  if (!SLUG_PATTERN.test(slug)) return problem("not_found", "No team order has that name.");
  const [before] = await db.select().from(teams).where(eq(teams.slug, slug));
  if (!before) return problem("not_found", "No team order has that name.");
  const [closed] = await db
    .update(teams)
    .set({ closesAt: now, updatedAt: now })
    .where(
      and(
        eq(teams.id, before.id),
        eq(teams.status, "open"),
        isNull(teams.summarySentAt),
        gt(teams.closesAt, now),
      ),
    )
    .returning();
  if (!closed) {
    return problem(
      "conflict",
      `${before.name} is already closed (${ukDateTimeInWords(before.closesAt)}).`,
    );
  }
  await recordAudit(db, {
    actor,
    action: "team.close",
    subject: `team:${slug}`,
    before: { closesAt: before.closesAt.toISOString() },
    after: { closesAt: now.toISOString() },
  });
  await closeDueTeams(db, settings, now);
  const [after] = await db
    .select({ sent: teams.summarySentAt })
    .from(teams)
    .where(eq(teams.id, before.id));
  return done({ closesAt: now.toISOString(), summarySent: Boolean(after?.sent) });
}

const closingInput = z.strictObject(
  {
    closesAt: z
      .string({ error: "closesAt must be a date and time, e.g. 2026-12-01T18:00:00Z." })
      .refine((value) => !Number.isNaN(Date.parse(value)) && /T\d{2}:\d{2}/.test(value), {
        message: "closesAt must be a date and time, e.g. 2026-12-01T18:00:00Z.",
      })
      .transform((value) => new Date(value)),
  },
  { error: "Send {closesAt}." },
);

/** POST /api/admin/teams/:slug/closing {closesAt}: 200 {closesAt}; earlier or later, to come. */
export async function changeClosing(
  db: Database,
  slug: string,
  body: unknown,
  actor: string,
  now: Date,
): Promise<Result<{ closesAt: string }>> {
  const parsed = closingInput.safeParse(body);
  if (!parsed.success) {
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Send {closesAt}.");
  }
  const { closesAt } = parsed.data;
  if (closesAt.getTime() <= now.getTime()) {
    return problem(
      "invalid_input",
      "The new closing time must be in the future; to close now, use Close now.",
    );
  }
  if (!SLUG_PATTERN.test(slug)) return problem("not_found", "No team order has that name.");
  const [before] = await db.select().from(teams).where(eq(teams.slug, slug));
  if (!before) return problem("not_found", "No team order has that name.");
  const [changed] = await db
    .update(teams)
    .set({ closesAt, updatedAt: sql`now()` })
    .where(and(eq(teams.id, before.id), eq(teams.status, "open"), isNull(teams.summarySentAt)))
    .returning();
  if (!changed) {
    return problem(
      "conflict",
      `${before.name} has closed and its summary has gone: its closing date cannot change now.`,
    );
  }
  await recordAudit(db, {
    actor,
    action: "team.closing",
    subject: `team:${slug}`,
    before: { closesAt: before.closesAt.toISOString() },
    after: { closesAt: closesAt.toISOString() },
  });
  return done({ closesAt: closesAt.toISOString() });
}

const offerInput = z.strictObject(
  { products: teamInputSchema.shape.products },
  { error: "Send {products: [{productId, optionType, teamPricePence}]}." },
);

/** Issue 41: why the offer can no longer change, in a sentence; undefined while it may. */
async function offerLocked(
  tx: Database,
  team: typeof teams.$inferSelect,
): Promise<string | undefined> {
  if (team.status !== "open") {
    return `${team.name} is ${team.status.replace("_", " ")}: its products and prices cannot change now.`;
  }
  const paid = await teamHasPaidOrder(tx, team.slug);
  const [entry] = await tx
    .select({ id: teamEntries.id })
    .from(teamEntries)
    .where(eq(teamEntries.teamId, team.id))
    .limit(1);
  if (paid || entry) {
    return `Members have already ${paid ? "paid" : "sent their choices"} for ${team.name}, so its products and prices cannot change now; only the closing date and the note can.`;
  }
  if (await teamHasPendingOrder(tx, team.slug)) {
    return "A member is paying for this team order now: change its products once that payment has finished or expired.";
  }
  return undefined;
}

/** The batch page's question: why the offer cannot change now, or undefined while it can. */
export async function offerChangeRefusal(db: Database, slug: string): Promise<string | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.slug, slug));
  return team ? offerLocked(db, team) : "No team order has that name.";
}

/**
 * POST /api/admin/teams/:slug/products {products}: the products offered and their team prices,
 * replaced while no member has paid, sent a choice or is paying (issue 41); after that 409 with a
 * sentence. The team's row is held FOR UPDATE, as the closing and the entries hold it.
 */
export async function changeOffer(
  db: Database,
  catalogue: Catalogue,
  slug: string,
  body: unknown,
  actor: string,
): Promise<
  Result<{ products: { productId: string; optionType: string; teamPricePence: number }[] }>
> {
  const parsed = offerInput.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstTeamIssue(parsed.error));
  const { products } = parsed.data;
  const unknown = offersProblem(catalogue, products);
  if (unknown) return problem("invalid_input", unknown);
  if (!SLUG_PATTERN.test(slug)) return problem("not_found", "No team order has that name.");
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Database;
    const [team] = await tx.select().from(teams).where(eq(teams.slug, slug)).for("update");
    if (!team) return problem("not_found", "No team order has that name.");
    const locked = await offerLocked(tx, team);
    if (locked) return problem("conflict", locked);
    const before = await tx
      .select()
      .from(teamProducts)
      .where(eq(teamProducts.teamId, team.id))
      .orderBy(asc(teamProducts.position));
    await tx.delete(teamProducts).where(eq(teamProducts.teamId, team.id));
    await tx
      .insert(teamProducts)
      .values(products.map((offer, position) => ({ teamId: team.id, position, ...offer })));
    await tx
      .update(teams)
      .set({ updatedAt: sql`now()` })
      .where(eq(teams.id, team.id));
    await recordAudit(tx, {
      actor,
      action: "team.products",
      subject: `team:${slug}`,
      before: {
        products: before.map(({ productId, optionType, teamPricePence }) => ({
          productId,
          optionType,
          teamPricePence,
        })),
      },
      after: { products },
    });
    return done({ products });
  });
}

const noteInput = z.strictObject(
  {
    note: text({ multiline: true, error: "The note must be text." })
      .trim()
      .max(TEAM_NOTE_MAX, `The note may be up to ${TEAM_NOTE_MAX} characters.`)
      .nullable()
      .transform((value) => value || null),
  },
  { error: "Send {note}." },
);

/** POST /api/admin/teams/:slug/note {note}: the owner's note to members, at any time but once
 *  the team is cancelled (issue 41); empty removes it. */
export async function changeNote(
  db: Database,
  slug: string,
  body: unknown,
  actor: string,
): Promise<Result<{ note: string | null }>> {
  const parsed = noteInput.safeParse(body);
  if (!parsed.success) return problem("invalid_input", firstTeamIssue(parsed.error));
  if (!SLUG_PATTERN.test(slug)) return problem("not_found", "No team order has that name.");
  const [before] = await db.select().from(teams).where(eq(teams.slug, slug));
  if (!before) return problem("not_found", "No team order has that name.");
  const [changed] = await db
    .update(teams)
    .set({ note: parsed.data.note, updatedAt: sql`now()` })
    .where(and(eq(teams.id, before.id), ne(teams.status, "cancelled")))
    .returning();
  if (!changed) return problem("conflict", `${before.name} is cancelled: its note cannot change.`);
  await recordAudit(db, {
    actor,
    action: "team.note",
    subject: `team:${slug}`,
    before: { note: before.note },
    after: { note: changed.note },
  });
  return done({ note: changed.note });
}
