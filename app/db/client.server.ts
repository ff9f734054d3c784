import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { env } from "~/env.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";

interface Connection {
  db: Database;
  driver: DatabaseDriver;
  close: () => Promise<void>;
}

const migrationsFolder = path.resolve("drizzle");

async function connect(): Promise<Connection> {
  const { DATABASE_URL, dataDir } = env();
  if (DATABASE_URL) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: DATABASE_URL, max: 10 });
    // An idle connection the server drops (restart, failover) is reported, not a crash: the
    // pool opens a new one on the next query.
    pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
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

/** Work that needs the migrated database before the first request: the first owner (X-OPS-1). */
async function prepare(opened: Connection): Promise<Connection> {
  const { ensureFirstOwner } = await import("~/admin/owners.server");
  await ensureFirstOwner(opened.db, env());
  return opened;
}

let connection: Promise<Connection> | undefined;

/** The shared connection, opened (and migrated) on first use. */
export function getConnection(): Promise<Connection> {
  connection ??= connect()
    .then(prepare)
    .catch((error: unknown) => {
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
