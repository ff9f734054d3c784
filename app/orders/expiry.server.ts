import { and, asc, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "./schema";
import { markOrderCancelled } from "./orders.server";
import { awaitingPaymentSql } from "./states.server";
import { EXPIRY_BATCH } from "~/shared/limits";

/**
 * Cancels pending orders past their expiry time and gives back what they hold (X-STK-4).
 * The due rows are claimed with FOR UPDATE SKIP LOCKED, so any number of processes can run this
 * at once and each order is taken by one of them; the cancel itself is conditional on the order
 * still being pending (a payment may have won), and returns stock in the same transaction.
 * Answers the order ids this call expired.
 */
export async function expireDueOrders(db: Database, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(awaitingPaymentSql(), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(EXPIRY_BATCH)
      .for("update", { skipLocked: true });
    const expired: string[] = [];
    for (const { id } of due) {
      if (await markOrderCancelled(tx, id)) expired.push(id);
    }
    return expired;
  });
}
