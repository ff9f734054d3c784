import { closeDb, getDb } from "./db/client.server";
import { env } from "./env.server";
import { startExpiryRunner } from "./orders/expiry-runner.server";
import { applyStockSeedFile } from "./stock/seed.server";

let stopExpiry: (() => void) | undefined;

/**
 * Work every process does even if nobody asks, started once by server.mjs after the database is
 * ready: the stock seed file when configured, then expiring unpaid orders (X-STK-4).
 */
export async function startBackgroundWork(): Promise<void> {
  const { STOCK_SEED_FILE, EXPIRY_CHECK_SECONDS } = env();
  if (STOCK_SEED_FILE) {
    const count = await applyStockSeedFile(await getDb(), STOCK_SEED_FILE);
    console.log(`Stock: applied ${count} setting(s) from ${STOCK_SEED_FILE}.`);
  }
  stopExpiry ??= startExpiryRunner(getDb, EXPIRY_CHECK_SECONDS * 1000);
}

/** Called by server.mjs on SIGTERM/SIGINT: stop the timers, then close the database cleanly. */
export async function shutdown(): Promise<void> {
  stopExpiry?.();
  stopExpiry = undefined;
  await closeDb();
}
