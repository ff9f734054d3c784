// The data tests' shop, built through the composition root (app/server/shop.server.ts) on the
// database tests/data/setup.ts made for this file: the same functions the server program uses.
// A test file names the settings it needs (`useTestSettings`) instead of writing process.env.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll } from "vitest";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { parseEnv } from "~/server/env.server";
import { openShop, type Shop } from "~/server/shop.server";

let shop: Promise<Shop> | undefined;
let opened: Shop | undefined;

/** Where this file's shop lives: its own database and data folder (tests/data/setup.ts). */
const base: Record<string, string | undefined> = { NODE_ENV: "test" };
/** What the file asked for (useTestSettings). */
const overrides: Record<string, string | undefined> = {};

/** setup.ts: this file's database (DATABASE_URL, unset for PGlite) and data folder. */
export function placeTestShop(place: { DATA_DIR: string; DATABASE_URL?: string }): void {
  Object.assign(base, place);
}

/**
 * The settings this file's shop is opened with, as the environment would give them
 * (`{ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_fake", … }`). Call before the shop opens:
 * at the top of the file or in its beforeAll (setup.ts opens it before the first test).
 */
export function useTestSettings(settings: Record<string, string | undefined>): void {
  if (shop) throw new Error("useTestSettings must be called before the test shop is opened.");
  Object.assign(overrides, settings);
}

/** This file's PostgreSQL database (a second pool stands in for another process), if any. */
export function testDatabaseUrl(): string | undefined {
  return base.DATABASE_URL;
}

/** This test file's shop (no background work: tests run the jobs they mean to). */
export function testShop(): Promise<Shop> {
  shop ??= openShop(parseEnv({ ...base, ...overrides })).then((made) => (opened = made));
  return shop;
}

/** The shop, once setup.ts has opened it (inside a test): its settings, payments, mailer, files. */
export function theShop(): Shop {
  if (!opened) throw new Error("The test shop is not open yet (setup.ts opens it before each test).");
  return opened;
}

/** This test file's database. */
export async function testDb(): Promise<Database> {
  return (await testShop()).connection.db;
}

/** Closes the shop, if it was opened (setup.ts, after the file's tests). */
export async function closeTestShop(): Promise<void> {
  const open = shop;
  shop = undefined;
  opened = undefined;
  await (await open)?.close();
}

/**
 * A second, separate connection pool on PostgreSQL, as another process of the shop would have;
 * on PGlite (one connection) the same database. The pool is closed after the file's tests.
 */
export function useOtherProcessDb(max = 4): () => Promise<Database> {
  let pool: pg.Pool | undefined;
  afterAll(async () => {
    await pool?.end();
  });
  return async () => {
    if (process.env.TEST_DB_DRIVER !== "postgres") return testDb();
    pool ??= new pg.Pool({ connectionString: testDatabaseUrl(), max });
    return drizzle({ client: pool, schema }) as unknown as Database;
  };
}
