import { createContext, type RouterContextProvider } from "react-router";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { SERVICE_SETTINGS_CHECK_MS } from "~/shared/limits";
import { recordAudit } from "./audit.server";
import { logError } from "./log.server";
import type { SealedBox } from "./sealed.server";
import { serviceSettings } from "./schema";

/**
 * What the owner switched on in the back office (X-OWN-2, X-OWN-3): the outgoing mail server,
 * Stripe's keys and the public address, kept in `service_settings` with their secrets sealed
 * (sealed.server.ts). Each process holds the rows it last read and asks the database again at most
 * every SERVICE_SETTINGS_CHECK_MS (a request's middleware, the mailer, the background jobs), so a
 * save shows on every process within about a second, and at once on the one that saved: no
 * restart. mail/ and payments/ say what their rows mean.
 */

export type ServiceName = "smtp" | "stripe" | "public-address";

export interface ServiceSetting {
  /** What may be shown (never a secret). */
  value: Record<string, unknown>;
  /** The opened secrets; empty when none were saved. */
  secrets: Record<string, string>;
  /** Secrets were saved but this process's key cannot open them (another machine's key). */
  unreadable: boolean;
  updatedAt: Date;
}

export interface ServiceSettings {
  /** The row as this process last read it. */
  get(name: ServiceName): ServiceSetting | undefined;
  /** Reads the rows again when the last read is older than the check interval (or `force`). A
   *  database that does not answer keeps the rows last read. */
  refresh(force?: boolean): Promise<void>;
  /**
   * Saves a row: `value` replaces what is shown; `secrets` are merged into the sealed ones (a
   * secret left out keeps its saved value; `null` removes it). Audited without any secret.
   */
  save(
    name: ServiceName,
    change: { value: Record<string, unknown>; secrets?: Record<string, string | null> },
    actor: string,
  ): Promise<ServiceSetting>;
  /** Changes what is shown without touching the secrets or auditing (a test message's answer, a
   *  check of the environment's key); makes the row when there is none. */
  note(name: ServiceName, value: Record<string, unknown>): Promise<void>;
  /** Where the sealing key comes from. */
  keySource(): "SECRETS_KEY" | "key file";
}

export function serviceSettingsStore(
  db: Database,
  box: SealedBox,
  /** A monotonic timer for the check interval (not the shop's clock, which a test may stop). */
  now: () => number = () => performance.now(),
): ServiceSettings {
  let rows = new Map<string, ServiceSetting>();
  let readAt = -Infinity;
  let reading: Promise<void> | undefined;

  async function openRow(row: typeof serviceSettings.$inferSelect): Promise<ServiceSetting> {
    let secrets: Record<string, string> = {};
    let unreadable = false;
    if (row.sealed) {
      const opened = await box.open(row.name, row.sealed).catch(() => undefined);
      if (opened === undefined) unreadable = true;
      else secrets = JSON.parse(opened) as Record<string, string>;
    }
    return { value: row.value, secrets, unreadable, updatedAt: row.updatedAt };
  }

  async function read(): Promise<void> {
    const found = await db.select().from(serviceSettings);
    const next = new Map<string, ServiceSetting>();
    for (const row of found) {
      const held = rows.get(row.name);
      // Opened again only when it changed (an open is a key read and a decryption).
      next.set(
        row.name,
        held && held.updatedAt.getTime() === row.updatedAt.getTime() && !held.unreadable
          ? { ...held, value: row.value }
          : await openRow(row),
      );
    }
    rows = next;
    readAt = now();
  }

  const store: ServiceSettings = {
    get: (name) => rows.get(name),
    async refresh(force = false) {
      if (!force && now() - readAt < SERVICE_SETTINGS_CHECK_MS) return;
      reading ??= read()
        .catch((error: unknown) => {
          // The database's short break (X-SCALE-5) is answered elsewhere: keep the rows.
          if (force) throw error;
          logError("service settings: could not read them", error);
        })
        .finally(() => (reading = undefined));
      await reading;
    },
    async save(name, change, actor) {
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(serviceSettings)
          .where(eq(serviceSettings.name, name))
          .for("update");
        let sealed = before?.sealed ?? null;
        if (change.secrets && Object.keys(change.secrets).length) {
          const old = before ? await openRow(before) : undefined;
          // Secrets another key sealed cannot be kept: only what is typed now is.
          const merged: Record<string, string> = { ...(old?.secrets ?? {}) };
          for (const [key, secret] of Object.entries(change.secrets)) {
            if (secret === null) delete merged[key];
            else merged[key] = secret;
          }
          sealed = Object.keys(merged).length ? await box.seal(name, JSON.stringify(merged)) : null;
        }
        const [row] = await tx
          .insert(serviceSettings)
          .values({ name, value: change.value, sealed, updatedBy: actor })
          .onConflictDoUpdate({
            target: serviceSettings.name,
            set: { value: change.value, sealed, updatedBy: actor, updatedAt: sql`now()` },
          })
          .returning();
        await recordAudit(tx, {
          actor,
          action: `settings.${name}`,
          subject: "settings",
          before: before ? before.value : null,
          after: {
            ...change.value,
            ...(change.secrets ? { secretsChanged: Object.keys(change.secrets) } : {}),
          },
        });
        return row!;
      });
      const opened = await openRow(saved);
      rows.set(name, opened);
      return opened;
    },
    async note(name, value) {
      const [row] = await db
        .insert(serviceSettings)
        .values({ name, value })
        .onConflictDoUpdate({ target: serviceSettings.name, set: { value } })
        .returning();
      const held = rows.get(name);
      rows.set(name, held ? { ...held, value } : await openRow(row!));
    },
    keySource: () => box.keySource(),
  };
  return store;
}

/** The request's service settings, put in by the composition root (app/server/shop.server.ts). */
export const serviceSettingsContext = createContext<ServiceSettings | null>(null);

export function serviceSettingsFrom(context: Readonly<RouterContextProvider>): ServiceSettings {
  const store = context.get(serviceSettingsContext);
  if (!store)
    throw new Error("No service settings in the request context: was it built by app/server/?");
  return store;
}

/** Root middleware: this process reads the owner's service settings again when they may be stale. */
export async function serviceSettingsMiddleware(
  { context }: { context: Readonly<RouterContextProvider> },
  next: () => Promise<Response>,
): Promise<Response> {
  await context.get(serviceSettingsContext)?.refresh();
  return next();
}
