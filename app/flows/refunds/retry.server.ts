import type { ShopParts } from "~/flows/parts.server";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderRefunds } from "~/orders/schema";
import { logError } from "~/security/log.server";
import { askProvider, recordUnclearAnswer, type Refund, settleRefund } from "./settle.server";
import { LONGEST_WAIT_SECONDS, REFUND_RETRY_BATCH, REFUND_RETRY_FOR_HOURS } from "~/shared/limits";

/**
 * The background job `refund-retry` (issue 27), in every process: claims pending refunds whose
 * time to be asked again has come (FOR UPDATE SKIP LOCKED, and the claim moves that time on, so a
 * refund is asked by one process at a time), asks the provider with the refund's own idempotency
 * key and records the answer once. A crash between the provider and the database, a timeout or a
 * provider that is down leaves the refund pending; this finishes it. Answers how many it took.
 */
export async function retryPendingRefunds(
  db: Database,
  { payments }: Pick<ShopParts, "payments">,
  { retryAfterSeconds, batch = REFUND_RETRY_BATCH }: { retryAfterSeconds: number; batch?: number },
): Promise<number> {
  const claimed = await claimDueRefunds(db, retryAfterSeconds, batch);
  for (const refund of claimed) {
    try {
      const answer = await askProvider(db, refund, payments);
      await settleRefund(db, refund.id, answer);
    } catch (error) {
      logError(`Refund ${refund.id} still has no clear answer from the provider`, error);
      await recordUnclearAnswer(db, refund.id, error);
    }
  }
  return claimed.length;
}

/**
 * One statement: the due rows are locked (skipping any another process holds), counted as asked
 * and given their next time, so no other process takes them until then, crash or not.
 */
async function claimDueRefunds(
  db: Database,
  retryAfterSeconds: number,
  batch: number,
): Promise<Refund[]> {
  const due = sql`
    SELECT ${orderRefunds.id} FROM ${orderRefunds}
    WHERE ${orderRefunds.status} = 'pending'
      AND coalesce(${orderRefunds.nextAttemptAt}, ${orderRefunds.createdAt}) <= now()
      AND ${orderRefunds.createdAt} > now() - make_interval(hours => ${REFUND_RETRY_FOR_HOURS})
    ORDER BY ${orderRefunds.createdAt}
    LIMIT ${batch}
    FOR UPDATE SKIP LOCKED`;
  // The wait doubles with each ask (the retry delay, twice it, four times…), at most an hour.
  return db
    .update(orderRefunds)
    .set({
      attempts: sql`${orderRefunds.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => least(${LONGEST_WAIT_SECONDS}, ${retryAfterSeconds} * power(2, ${orderRefunds.attempts})))`,
    })
    .where(sql`${orderRefunds.id} IN (${due})`)
    .returning();
}
