import { count } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productReviews } from "~/db/schema";
import { logError } from "~/security/log.server";

export async function countReviews(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productReviews);
  return row?.n ?? 0;
}

/** The footer's count (S-GLB-7, S-REV-7): a failure shows 0 rather than breaking the page. */
export async function countReviewsOrZero(db: Database): Promise<number> {
  try {
    return await countReviews(db);
  } catch (error) {
    logError("Could not count reviews", error);
    return 0;
  }
}
