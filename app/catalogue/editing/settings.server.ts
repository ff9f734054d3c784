import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { lockForTransaction } from "~/db/locks.server";
import { shopSettings } from "~/catalogue/schema";
import { type SettingsState, type ShopSettings } from "~/policy/shop-settings";
import { parseShopSettings } from "~/policy/shop-settings-schema";
import { recordAudit } from "~/security/audit.server";
import { done, problem, type Result } from "~/shared/problems";
import { catalogueChanged, settingsFromRow } from "../store.server";

/**
 * The shop's settings (X-TRUE-2): read afresh for the owner, saved whole and audited. A save
 * bumps the catalogue's revision, so every process (and the page cache) takes the new figures
 * within CATALOGUE_CHECK_MS, this one at once.
 */
export async function readSettingsState(db: Database): Promise<SettingsState> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return settingsFromRow(row);
}

/** PUT /api/admin/settings: the document (sections left out kept), or `invalid_input` naming the fields. */
export async function saveSettings(
  db: Database,
  body: unknown,
  actor: string,
): Promise<Result<ShopSettings>> {
  // A section left out keeps its current value; a section given is given whole.
  const current = (await readSettingsState(db)).settings;
  const merged =
    body && typeof body === "object" && !Array.isArray(body) ? { ...current, ...body } : body;
  const parsed = parseShopSettings(merged);
  if (!parsed.ok) {
    return problem("invalid_input", parsed.refusal.message, {
      // Every wrong field at once (issue 56): `refusals`; `field` is the first's, as before.
      extra: { field: parsed.refusal.field, refusals: parsed.refusals },
    });
  }
  const after = parsed.settings;
  return db.transaction(async (tx) => {
    // One save at a time: the audit's "before" is the settings this save replaced.
    await lockForTransaction(tx, "shopSettings");
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1));
    const before = settingsFromRow(row).settings;
    await tx
      .insert(shopSettings)
      .values({ id: 1, settings: after, deliverySavedAt: sql`now()` })
      .onConflictDoUpdate({
        target: shopSettings.id,
        set: {
          settings: after,
          deliverySavedAt: sql`coalesce(${shopSettings.deliverySavedAt}, now())`,
          updatedAt: sql`now()`,
        },
      });
    await recordAudit(tx, {
      actor,
      action: "settings.update",
      subject: "settings",
      before: { ...before },
      after: { ...after },
    });
    await catalogueChanged(tx, db);
    return done(after);
  });
}
