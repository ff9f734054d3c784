import { readFile } from "node:fs/promises";
import { type Database, getDb } from "~/db/client.server";
import { env } from "~/env.server";
import { setVariantStock } from "./admin.server";

/**
 * Applies a JSON file of stock settings (a list of PUT /api/admin/stock bodies) at start, e.g.
 * for a stock take or the browser tests' server. A bad entry stops the start with its message.
 */
export async function applyStockSeedFile(db: Database, file: string): Promise<number> {
  const entries: unknown = JSON.parse(await readFile(file, "utf8"));
  if (!Array.isArray(entries)) throw new Error(`${file}: expected a JSON list of stock settings.`);
  for (const [index, entry] of entries.entries()) {
    const result = await setVariantStock(db, entry);
    if (!result.ok) throw new Error(`${file}, entry ${index + 1}: ${result.error}`);
  }
  return entries.length;
}

/** STOCK_SEED_FILE, applied once at start by server.mjs (the browser tests' server uses it). */
export async function applyConfiguredStockSeed(): Promise<void> {
  const { STOCK_SEED_FILE } = env();
  if (!STOCK_SEED_FILE) return;
  const count = await applyStockSeedFile(await getDb(), STOCK_SEED_FILE);
  console.log(`Stock: applied ${count} setting(s) from ${STOCK_SEED_FILE}.`);
}
