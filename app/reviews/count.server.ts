import { count, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productReviews } from "./schema";
import { logError } from "~/security/log.server";

export async function countReviews(db: Database): Promise<number> {
  // X-OPS-7: hidden reviews are not counted.
  const [row] = await db
    .select({ n: count() })
    .from(productReviews)
    .where(isNull(productReviews.hiddenAt));
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
