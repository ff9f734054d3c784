import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/database";
import { promotions, siteContent } from "~/catalogue/schema";
import { recordAudit } from "~/security/audit.server";
import { created, done, problem, type Result } from "~/shared/problems";
import { PROMOTION_NAME_MAX, SITE_TEXT_MAX } from "~/shared/limits";
import { isoInstant } from "~/shared/schemas";
import { text } from "~/shared/text";
import { catalogueChanged, promotionFromRow } from "../store.server";
import type { SiteContent } from "../types";
import { homeBlocksFromStored, homeBlocksSchema } from "../home-blocks-schema";

/** The owner's words on the storefront and the automatic sales (X-CAT-5). */

export async function readSite(db: Database): Promise<SiteContent> {
  const [row] = await db.select().from(siteContent).where(eq(siteContent.id, 1));
  return {
    bannerText: row?.bannerText ?? "",
    heroHeading: row?.heroHeading ?? "",
    heroText: row?.heroText ?? "",
    home: homeBlocksFromStored(row?.homeBlocks),
  };
}

const siteSchema = z
  .object({
    // An empty banner takes it away.
    bannerText: text({ error: "bannerText must be text." })
      .trim()
      .max(
        SITE_TEXT_MAX.bannerText,
        `The banner can be at most ${SITE_TEXT_MAX.bannerText} characters.`,
      ),
    heroHeading: text({ error: "heroHeading must be text." })
      .trim()
      .min(1, "The hero heading cannot be empty.")
      .max(
        SITE_TEXT_MAX.heroHeading,
        `The hero heading can be at most ${SITE_TEXT_MAX.heroHeading} characters.`,
      ),
    heroText: text({ error: "heroText must be text." })
      .trim()
      .min(1, "The hero text cannot be empty.")
      .max(
        SITE_TEXT_MAX.heroText,
        `The hero text can be at most ${SITE_TEXT_MAX.heroText} characters.`,
      ),
    // X-OWN-4: the hero's button and pictures and the tiles, given whole.
    home: homeBlocksSchema,
  })
  .partial()
  .strict();

/** PUT /api/admin/site {bannerText?, heroHeading?, heroText?, home?}: the content, audited. */
export async function saveSite(
  db: Database,
  body: unknown,
  actor: string,
): Promise<Result<SiteContent>> {
  const parsed = siteSchema.safeParse(body);
  if (!parsed.success)
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Check the text.");
  return db.transaction(async (tx) => {
    const before = await readSite(tx as unknown as Database);
    const after = { ...before, ...parsed.data };
    const { home, ...words } = after;
    const row = { ...words, homeBlocks: home };
    await tx
      .insert(siteContent)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: siteContent.id, set: { ...row, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actor,
      action: "site.update",
      subject: "site",
      before: { ...before },
      after: { ...after },
    });
    await catalogueChanged(tx, db);
    return done(after);
  });
}

export interface PromotionJson {
  id: string;
  name: string;
  percent: number;
  startsAt: string | null;
  endsAt: string | null;
}

const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

export async function listPromotions(db: Database): Promise<PromotionJson[]> {
  const rows = await db.select().from(promotions).orderBy(asc(promotions.createdAt));
  return rows.map((row) => {
    const p = promotionFromRow(row);
    return {
      id: p.id,
      name: p.name,
      percent: p.percent,
      startsAt: iso(p.startsAt),
      endsAt: iso(p.endsAt),
    };
  });
}

const promotionSchema = z
  .object({
    name: text({ error: "The name must be text." })
      .trim()
      .min(1, "Give the sale a name.")
      .max(PROMOTION_NAME_MAX, `The name can be at most ${PROMOTION_NAME_MAX} characters.`),
    percent: z
      .number({ error: "The percentage must be a whole number from 1 to 90." })
      .int("The percentage must be a whole number from 1 to 90.")
      .min(1, "The percentage must be a whole number from 1 to 90.")
      .max(90, "The percentage must be a whole number from 1 to 90."),
    startsAt: isoInstant.nullish(),
    endsAt: isoInstant.nullish(),
  })
  .strict()
  .refine((p) => !p.startsAt || !p.endsAt || p.endsAt > p.startsAt, {
    message: "The sale must end after it starts.",
  });

export type PromotionInput = z.input<typeof promotionSchema>;

/** POST /api/admin/promotions {name, percent, startsAt?, endsAt?}: 201 the promotion, audited. */
export async function createPromotion(
  db: Database,
  body: unknown,
  actor: string,
): Promise<Result<PromotionJson>> {
  const parsed = promotionSchema.safeParse(body);
  if (!parsed.success)
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Check the sale.");
  const { name, percent, startsAt, endsAt } = parsed.data;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({ name, percent, startsAt: startsAt ?? null, endsAt: endsAt ?? null })
      .returning();
    const p = promotionFromRow(row!);
    const json = { id: p.id, name, percent, startsAt: iso(p.startsAt), endsAt: iso(p.endsAt) };
    await recordAudit(tx, {
      actor,
      action: "promotion.create",
      subject: `promotion:${p.id}`,
      before: null,
      after: { ...json },
    });
    await catalogueChanged(tx, db);
    return created(json);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DELETE /api/admin/promotions/:id: the sale stops at once (200), audited. */
export async function deletePromotion(
  db: Database,
  id: string,
  actor: string,
): Promise<Result<{ deleted: string }>> {
  if (!UUID.test(id)) return problem("not_found", "No sale has that id.");
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(promotions).where(eq(promotions.id, id)).returning();
    if (!row) return problem("not_found", "No sale has that id.");
    const p = promotionFromRow(row);
    await recordAudit(tx, {
      actor,
      action: "promotion.delete",
      subject: `promotion:${id}`,
      before: {
        name: p.name,
        percent: p.percent,
        startsAt: iso(p.startsAt),
        endsAt: iso(p.endsAt),
      },
      after: null,
    });
    await catalogueChanged(tx, db);
    return done({ deleted: id });
  });
}
