import { count } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { productReviews } from "~/db/schema";
import { logError } from "~/security/log.server";

export async function countReviews(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(productReviews);
  return row?.n ?? 0;
}

/** The footer's count (S-GLB-7, S-REV-7): a failure shows 0 rather than breaking the page. */
export async function countReviewsOrZero(): Promise<number> {
  try {
    return await countReviews();
  } catch (error) {
    logError("Could not count reviews", error);
    return 0;
  }
}
