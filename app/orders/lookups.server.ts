import { eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderLines, orders } from "./schema";

// Reads of orders and their lines for the capabilities above orders/ (returns, reviews, teams,
// issue 48): they reach the orders' tables through these, never by importing them.

type OrderRow = typeof orders.$inferSelect;
type OrderLineRow = typeof orderLines.$inferSelect;

/** The order with this number (GT-… or a checkout's CHK-…), if any. */
export async function findOrderByNumber(
  db: Database,
  orderNumber: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return order;
}

/** These orders, by id (in no particular order). */
export async function ordersByIds(db: Database, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
}

/** These order lines, by id, in their orders' line order. */
export async function orderLinesByIds(
  db: Database,
  ids: readonly string[],
): Promise<OrderLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.id, [...new Set(ids)]))
    .orderBy(orderLines.position);
}
