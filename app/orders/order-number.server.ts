import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderNumberCounter } from "./schema";
import { FIRST_ORDER_NUMBER, ORDER_NUMBER_PREFIX } from "./order-number";

/**
 * The next order number (X-DAY-3), taken in the caller's transaction: the one that marks the
 * order paid. The counter's row stays locked until that transaction ends, so payments at once
 * queue for it and each gets the next number; a transaction that rolls back gives its number
 * back. Paid orders are numbered without gaps or duplicates, and a checkout that is never paid
 * takes none. The row is made on first use, after the highest number already given (orders
 * numbered before this scheme keep theirs).
 */
export async function takeOrderNumber(tx: Database): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await tx
      .update(orderNumberCounter)
      .set({ last: sql`${orderNumberCounter.last} + 1` })
      .where(eq(orderNumberCounter.id, 1))
      .returning({ last: orderNumberCounter.last });
    if (row) return `${ORDER_NUMBER_PREFIX}${row.last}`;
    // First use: two at once both insert; the second waits for the first, then does nothing.
    await tx.execute(sql`
      insert into order_number_counter (id, last)
      select 1, greatest(${FIRST_ORDER_NUMBER - 1}, coalesce(max(substring(order_number from 4)::bigint), 0))
      from orders where order_number ~ '^GT-[0-9]{1,9}$'
      on conflict (id) do nothing`);
  }
  throw new Error("The order number counter could not be read.");
}
