import { avg, count, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { productReviews } from "~/db/schema";
import type { ReviewAggregate } from "./structured-data";

/**
 * A product's review count and mean rating from product_reviews, for its AggregateRating;
 * null when it has none or the database cannot answer (the page still renders).
 */
export async function reviewAggregate(productId: string): Promise<ReviewAggregate | null> {
  try {
    const db = await getDb();
    const [row] = await db
      .select({ n: count(), mean: avg(productReviews.rating) })
      .from(productReviews)
      .where(eq(productReviews.productId, productId));
    if (!row || row.n === 0 || row.mean === null) return null;
    return { count: row.n, average: Number(row.mean) };
  } catch (error) {
    console.error("Could not read the review aggregate:", error);
    return null;
  }
}
