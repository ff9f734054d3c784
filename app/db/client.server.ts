import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Pool } from "pg";
import type { Env } from "~/shared/settings";
import { isConnectionError, markDatabaseSuspect } from "./availability.server";
import { withSessionLock } from "./locks.server";
import * as schema from "./schema";

import type { Database, DatabaseDriver } from "./database";

export type { Database, DatabaseDriver } from "./database";

export interface Connection {
  db: Database;
  driver: DatabaseDriver;
  close: () => Promise<void>;
  /** PostgreSQL's pool now (issue 35: GET /metrics); none with PGlite. */
  pool?: () => { inUse: number; idle: number; waiting: number };
}

const migrationsFolder = path.resolve("drizzle");

/**
 * Applies the migrations once however many processes start together (X-SCALE-1): each waits
 * for a session advisory lock, and the migrator then finds the work done by the first.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const client = await pool.connect();
  try {
    await withSessionLock(client, "migrations", () =>
      migrate(drizzle({ client, schema }), { migrationsFolder }),
    );
  } finally {
    client.release();
  }
}

/** What opening the database needs from the configuration. */
export type DatabaseConfig = Pick<Env, "DATABASE_URL" | "dataDir" | "PG_POOL_MAX">;

/**
 * Opens the database the configuration names (PostgreSQL with DATABASE_URL, otherwise PGlite in
 * DATA_DIR) and applies the migrations (unless `migrate: false`: a backup reads the database as
 * it is). Only the composition root (app/server/) and the tools it
 * serves call this: everything else is handed the database.
 */
export async function openDatabase(
  config: DatabaseConfig,
  options: { migrate?: boolean } = {},
): Promise<Connection> {
  const migrating = options.migrate ?? true;
  const { DATABASE_URL, dataDir } = config;
  if (DATABASE_URL) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({
      connectionString: DATABASE_URL,
      max: config.PG_POOL_MAX,
      // While the server is away, a request fails fast (and answers 503) instead of hanging.
      connectionTimeoutMillis: 3_000,
    });
    // An idle connection the server drops (restart, failover) is reported, not a crash: the
    // pool opens a new one on the next query.
    pool.on("error", (error) => {
      console.error("PostgreSQL connection lost:", error.message);
      markDatabaseSuspect();
    });
    // A connection checked out of the pool (inside a transaction, between its statements) that
    // the server drops emits "error" on its client, where the pool does not listen: without a
    // listener of its own that event ended the process (issue 40: PostgreSQL restarted under
    // buyers). The statement waiting on it fails and its request answers 503.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        console.error("PostgreSQL connection lost (in use):", error.message);
        markDatabaseSuspect();
      });
    });
    // A query (or a connection for a transaction) that fails because the server is away is
    // counted, so the request it belonged to, and the next ones, check the database at once.
    for (const method of ["query", "connect"] as const) {
      const original = (pool[method] as (...args: unknown[]) => unknown).bind(pool);
      (pool as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const result = original(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (isConnectionError(error)) markDatabaseSuspect();
          });
        }
        return result;
      };
    }
    const db = drizzle({ client: pool, schema });
    try {
      if (migrating) await migratePostgres(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return {
      db: db as unknown as Database,
      driver: "postgres",
      close: () => pool.end(),
      pool: () => ({
        inUse: pool.totalCount - pool.idleCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // PGlite creates the data directory itself but not its parent.
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, "pglite"));
  const db = drizzle({ client, schema });
  if (migrating) await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: "pglite", close: () => client.close() };
}
