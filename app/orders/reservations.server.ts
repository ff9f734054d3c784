import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { giveBackTaken, type Reservation } from "~/stock/stock.server";
import type { Variant } from "~/stock/stock";
import { stockReservations } from "./schema";

// What an order took from stock (X-STK-3, X-STK-4): its reservations are the orders' rows, kept
// per line and variant; the stock itself (variant_stock) is app/stock/'s.

/**
 * Gives back what an order took, exactly once: the reservations are marked returned by a
 * conditional update, and only the rows this call marked go back. A variant the owner has since
 * made made-to-order (NULL) stays so. Call it inside the transaction that cancels the order.
 */
export async function returnStock(tx: Database, orderId: string): Promise<number> {
  const returned = await tx
    .update(stockReservations)
    .set({ returnedAt: sql`now()` })
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.returnedAt)))
    .returning();
  await giveBackTaken(tx, returned);
  return returned.reduce((sum, row) => sum + row.quantity, 0);
}

/** An order line sent back: what it was, and how many of it came back. */
export interface ReturnedLine extends Variant {
  orderLineId: string;
  lineQuantity: number;
  returned: number;
}

/**
 * The items returned lines stand for (X-DAY-1): what each line took from stock, for the share
 * sent back (a bundle line took one of each of its items); a line that took nothing (made to
 * order when sold) stands for its own variant.
 */
export async function itemsOfReturnedLines(
  db: Database,
  lines: readonly ReturnedLine[],
): Promise<Reservation[]> {
  if (lines.length === 0) return [];
  const taken = await db
    .select()
    .from(stockReservations)
    .where(
      inArray(
        stockReservations.orderLineId,
        lines.map((l) => l.orderLineId),
      ),
    );
  return lines.flatMap((line) => {
    const own = taken.filter((row) => row.orderLineId === line.orderLineId);
    if (own.length === 0) {
      const { productId, optionType, size, color } = line;
      return [{ productId, optionType, size, color, quantity: line.returned }];
    }
    return own.map((row) => ({
      productId: row.productId,
      optionType: row.optionType,
      size: row.size,
      color: row.color,
      quantity: Math.round((row.quantity * line.returned) / line.lineQuantity),
    }));
  });
}
