import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { teams } from "~/db/schema";
import type { OwnerNoticeSettings } from "~/mail/owner-notice.server";
import { recordAudit } from "~/security/audit.server";
import type { OriginSettings } from "~/security/origin.server";
import { done, problem, type Result } from "~/shared/problems";
import { closeDueTeams } from "./closing.server";
import { SLUG_PATTERN, ukDateTimeInWords } from "./rules";

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
  now: Date = new Date(),
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
  now: Date = new Date(),
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
