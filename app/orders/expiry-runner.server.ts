import type { Database } from "~/db/client.server";
import { expireDueOrders } from "./expiry.server";

/**
 * Runs expireDueOrders every intervalMs in this process (started once, at server start). Kept
 * apart from the feature function so it can move onto a shared background-job runner; with
 * several processes each runs it, and SKIP LOCKED keeps them from taking the same order.
 * Answers a function that stops it.
 */
export function startExpiryRunner(getDb: () => Promise<Database>, intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const expired = await expireDueOrders(await getDb());
      if (expired.length > 0) console.log(`Expired ${expired.length} unpaid order(s).`);
    } catch (error) {
      console.error("Expiring unpaid orders failed:", error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
