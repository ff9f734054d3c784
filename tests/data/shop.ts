// The data tests' shop, built through the composition root (app/server/shop.server.ts) on the
// database tests/data/setup.ts made for this file: the same functions the server program uses.
import type { Database } from "~/db/client.server";
import { parseEnv } from "~/server/env.server";
import { openShop, type Shop } from "~/server/shop.server";

let shop: Promise<Shop> | undefined;

/** This test file's shop (no background work: tests run the jobs they mean to). */
export function testShop(): Promise<Shop> {
  shop ??= openShop(parseEnv(process.env));
  return shop;
}

/** This test file's database. */
export async function testDb(): Promise<Database> {
  return (await testShop()).connection.db;
}

/** Closes the shop, if it was opened (setup.ts, after the file's tests). */
export async function closeTestShop(): Promise<void> {
  const open = shop;
  shop = undefined;
  await (await open)?.close();
}
