import { readFile } from "node:fs/promises";
import type { Database } from "~/db/database";
import { setVariantStock } from "./admin.server";

/**
 * Applies a JSON file of stock settings (a list of PUT /api/admin/stock bodies) at start, e.g.
 * for a stock take or the browser tests' server. A bad entry stops the start with its message.
 */
export async function applyStockSeedFile(db: Database, file: string, now: Date): Promise<number> {
  const entries: unknown = JSON.parse(await readFile(file, "utf8"));
  if (!Array.isArray(entries)) throw new Error(`${file}: expected a JSON list of stock settings.`);
  for (const [index, entry] of entries.entries()) {
    const result = await setVariantStock(db, entry, now);
    if (!result.ok) throw new Error(`${file}, entry ${index + 1}: ${result.message}`);
  }
  return entries.length;
}
