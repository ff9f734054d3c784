import { RouterContextProvider } from "react-router";
import { ensureFirstOwner } from "~/owners/owners.server";
import { requireOwner } from "~/owners/guard.server";
import {
  ownerSessionsContext,
  ownerSessionStorage,
  type OwnerSessions,
} from "~/owners/session.server";
import { type RunningJobs, startJobs } from "~/background/runner.server";
import { type Connection, openDatabase } from "~/db/client.server";
import { clockContext, dbContext, driverContext, settingsContext } from "~/db/context.server";
import { createMailer, type Mailer, mailerContext } from "~/mail/mailer.server";
import { openPayments, type Payments, paymentsContext } from "~/payments/provider.server";
import type { Env } from "~/server/env.server";
import type { Clock } from "~/shared/clock";
import { type FileStore, filesContext, openFileStore } from "~/storage/files.server";
import { ownerGateContext } from "~/security/owner-gate.server";
import { rateLimitContext, type RateLimitStore } from "~/security/rate-limit.server";
import { createRateLimitStore } from "~/security/rate-limit-stores.server";
import { storedSecret } from "~/security/secrets.server";
import { sealedBox } from "~/security/sealed.server";
import { savedPublicUrl } from "~/security/origin.server";
import {
  type ServiceSettings,
  serviceSettingsContext,
  serviceSettingsStore,
} from "~/security/service-settings.server";
import { applyStockSeedFile } from "~/stock/seed.server";
import { backgroundJobs } from "./jobs.server";
import { ensureBackupKey } from "./backup-key.server";

/**
 * The composition root (X-ARCH-1, docs/architecture.md): everything a request needs, built once
 * per process from the validated configuration and handed to React Router through its context.
 * The server program, the owner CLI and the data tests all build the shop through these
 * functions; nothing else opens the database, reads the environment or makes a client.
 */
export interface Shop {
  /** The validated configuration (app/server/env.server.ts); its PUBLIC_URL is the environment's,
   *  else the address the owner saved in the back office, read live (X-OWN-3); BACKUP_KEY
   *  resolved (X-SEC-23). */
  settings: Env & { BACKUP_KEY: string };
  /** What the owner switched on in the back office: mail server, Stripe's keys, public address. */
  services: ServiceSettings;
  connection: Connection;
  sessions: OwnerSessions;
  rateLimits: RateLimitStore;
  /** The provider that takes new checkouts, and Stripe's SDK when its key is set. */
  payments: Payments;
  /** SMTP, or the .eml files in DATA_DIR/outbox; the outbox's worker sends through it. */
  mailer: Mailer;
  /** The photo files: the S3-compatible bucket (S3_BUCKET), else the database's table. */
  files: FileStore;
  /** The time business rules count from. */
  clock: Clock;
  /** Stops the background work (if started), closes Redis and the database. */
  close(): Promise<void>;
}

export interface OpenShopOptions {
  /** Start this process's background work (mail, expiry, clean-ups) unless BACKGROUND_WORK=off.
   *  Tests and the owner CLI leave it off. */
  background?: boolean;
  /** The shop's clock; the system's by default (a test may hand in its own). */
  clock?: Clock;
}

const systemClock: Clock = { now: () => new Date() };

/**
 * Opens and migrates the database, creates the first owner (ADMIN_EMAIL / ADMIN_PASSWORD),
 * applies the stock seed file, builds the owner sessions and the rate-limit store on that
 * handle, and starts the background jobs when asked.
 */
export async function openShop(given: Env, options: OpenShopOptions = {}): Promise<Shop> {
  // The backups' signing key (X-SEC-23): BACKUP_KEY, or DATA_DIR/backup.key, made once.
  const config = {
    ...given,
    BACKUP_KEY: await ensureBackupKey(given, (sentence) => {
      if (given.NODE_ENV !== "test") console.log(sentence);
    }),
  };
  const connection = await openDatabase(config);
  const { db } = connection;
  const clock = options.clock ?? systemClock;
  const limits = createRateLimitStore(db, config, clock);
  let jobs: RunningJobs | undefined;
  const close = async () => {
    // Each step's time is logged, so a slow stop names what held it (the container test's
    // SIGTERM step allows 30 s).
    const started = performance.now();
    await jobs?.stop();
    jobs = undefined;
    const jobsDone = performance.now();
    await limits.close();
    await connection.close();
    if (config.NODE_ENV !== "test") {
      console.log(
        `Closed: background work in ${Math.round(jobsDone - started)} ms, the rate limits and the database in ${Math.round(performance.now() - jobsDone)} ms.`,
      );
    }
  };
  let sessionSecret: string;
  try {
    // SESSION_SECRET, or a key made once and kept in the database for every process.
    sessionSecret = config.SESSION_SECRET ?? (await storedSecret(db, "owner-session"));
    await ensureFirstOwner(db, config);
    if (config.STOCK_SEED_FILE) {
      const count = await applyStockSeedFile(db, config.STOCK_SEED_FILE, clock.now());
      console.log(`Stock: applied ${count} setting(s) from ${config.STOCK_SEED_FILE}.`);
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const services = serviceSettingsStore(db, sealedBox(config));
  try {
    await services.refresh(true);
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  const settings = liveSettings(config, services);
  const parts = {
    settings,
    payments: openPayments(config, clock, services),
    mailer: createMailer(config, clock, services),
    files: openFileStore(db, config),
    clock,
  };
  if (options.background && config.BACKGROUND_WORK === "on") {
    // Each run reads the owner's saved services again when they may have changed (X-OWN-2/3).
    const work = backgroundJobs({ ...parts, driver: connection.driver }).map((job) => ({
      ...job,
      run: async (database: typeof db) => {
        await services.refresh();
        return job.run(database);
      },
    }));
    jobs = startJobs(db, work);
  }
  return {
    ...parts,
    services,
    connection,
    sessions: ownerSessionStorage(db, { PUBLIC_URL: settings.PUBLIC_URL, sessionSecret, clock }),
    rateLimits: limits.store,
    close,
  };
}

/**
 * The settings every part reads: the environment's, with PUBLIC_URL read live from the address
 * the owner saved in the back office when the environment has none (the environment wins).
 */
function liveSettings<T extends Env>(config: T, services: ServiceSettings): T {
  const fromEnvironment = config.PUBLIC_URL;
  return Object.defineProperty({ ...config }, "PUBLIC_URL", {
    get: () => fromEnvironment ?? savedPublicUrl(services),
    enumerable: true,
  });
}

/** Hands the shop's parts to one request, through React Router's context. */
export function requestContext(shop: Shop): RouterContextProvider {
  return provideShop(new RouterContextProvider(), shop);
}

/** Puts the shop's parts into a request context that exists already. */
export function provideShop(context: RouterContextProvider, shop: Shop): RouterContextProvider {
  context.set(dbContext, shop.connection.db);
  context.set(driverContext, shop.connection.driver);
  context.set(ownerSessionsContext, shop.sessions);
  context.set(rateLimitContext, shop.rateLimits);
  context.set(ownerGateContext, requireOwner);
  context.set(settingsContext, shop.settings);
  context.set(paymentsContext, shop.payments);
  context.set(filesContext, shop.files);
  context.set(clockContext, shop.clock);
  context.set(serviceSettingsContext, shop.services);
  context.set(mailerContext, shop.mailer);
  return context;
}
