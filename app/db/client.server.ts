import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { env } from "~/env.server";
import { isConnectionError, markDatabaseSuspect } from "./availability.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";

interface Connection {
  db: Database;
  driver: DatabaseDriver;
  close: () => Promise<void>;
}

const migrationsFolder = path.resolve("drizzle");

/** Any fixed number: every process of the shop takes the same lock around its migrations. */
const MIGRATION_LOCK = 7_310_001;

/**
 * Applies the migrations once however many processes start together (X-SCALE-1): each waits
 * for a session advisory lock, and the migrator then finds the work done by the first.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function connect(): Promise<Connection> {
  const { DATABASE_URL, dataDir } = env();
  if (DATABASE_URL) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const pool = new Pool({
      connectionString: DATABASE_URL,
      max: env().PG_POOL_MAX,
      // While the server is away, a request fails fast (and answers 503) instead of hanging.
      connectionTimeoutMillis: 3_000,
    });
    // An idle connection the server drops (restart, failover) is reported, not a crash: the
    // pool opens a new one on the next query.
    pool.on("error", (error) => {
      console.error("PostgreSQL connection lost:", error.message);
      markDatabaseSuspect();
    });
    // A query that fails because the server is away makes the next request check at once.
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result && typeof result.catch === "function") {
        void result.catch((error: unknown) => {
          if (isConnectionError(error)) markDatabaseSuspect();
        });
      }
      return result;
    };
    const db = drizzle({ client: pool, schema });
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // PGlite creates the data directory itself but not its parent.
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, "pglite"));
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: "pglite", close: () => client.close() };
}

let connection: Promise<Connection> | undefined;

/** The shared connection, opened (and migrated) on first use. */
export function getConnection(): Promise<Connection> {
  connection ??= connect().catch((error: unknown) => {
    connection = undefined;
    throw error;
  });
  return connection;
}

export async function getDb(): Promise<Database> {
  return (await getConnection()).db;
}

export async function closeDb(): Promise<void> {
  if (!connection) return;
  const open = connection;
  connection = undefined;
  await (await open).close();
}
