import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { priceHistory, productOptions } from "~/catalogue/schema";
import { formatPence } from "~/pricing/money";
import { wasPriceVerdict } from "~/pricing/was-price";
import { problem, type Problem } from "~/shared/problems";

type Executor = Pick<Database, "select" | "insert">;

/**
 * Records each option's selling price as it now stands (X-TRUE-1), in the change's transaction:
 * a row for an option whose latest recorded price differs, or that has none. Every path that
 * writes options calls it: the editor, the JSON API and the CSV import.
 */
export async function recordPriceChanges(tx: Executor, productId: string, at: Date): Promise<void> {
  const options = await tx
    .select({ type: productOptions.type, pricePence: productOptions.pricePence })
    .from(productOptions)
    .where(eq(productOptions.productId, productId));
  const rows = await tx
    .select()
    .from(priceHistory)
    .where(eq(priceHistory.productId, productId))
    .orderBy(asc(priceHistory.startedAt));
  const latest = new Map<string, number>();
  for (const row of rows) latest.set(row.optionType, row.pricePence);
  const changed = options.filter((o) => latest.get(o.type) !== o.pricePence);
  if (changed.length) {
    await tx.insert(priceHistory).values(
      changed.map((o) => ({
        productId,
        optionType: o.type,
        pricePence: o.pricePence,
        startedAt: at,
      })),
    );
  }
}

/** An option's price history, oldest first, as the "was" rule reads it. */
export async function historyOf(tx: Executor, productId: string, optionType: string) {
  const rows = await tx
    .select()
    .from(priceHistory)
    .where(and(eq(priceHistory.productId, productId), eq(priceHistory.optionType, optionType)))
    .orderBy(asc(priceHistory.startedAt));
  return rows.map((row) => ({ pricePence: row.pricePence, startedAt: row.startedAt.getTime() }));
}

/**
 * Refuses a "was" price the history does not back (X-TRUE-1): for each option whose compare-at
 * price is new or changed, the option must have sold at it for 28 days in the 6 months before
 * the reduction. A compare-at price left as it was is not asked about again (the storefront
 * stops showing it by itself when it stops being genuine).
 */
export async function unsupportedWasPrice(
  tx: Executor,
  productId: string,
  options: readonly { type: string; pricePence: number; compareAtPricePence?: number | null }[],
  before: readonly { type: string; compareAtPricePence?: number | null }[],
  at: Date,
): Promise<Problem | null> {
  for (const option of options) {
    const was = option.compareAtPricePence;
    if (was == null) continue;
    const previous = before.find((o) => o.type === option.type)?.compareAtPricePence ?? null;
    if (previous === was) continue;
    const verdict = wasPriceVerdict(
      await historyOf(tx, productId, option.type),
      option.pricePence,
      was,
      at.getTime(),
    );
    if (!verdict.genuine) {
      return problem(
        "not_genuine",
        `The "was" price ${formatPence(was)} of the ${option.type} option cannot be shown: ${verdict.reason}. Leave it empty, or set it once the option has sold at that price for 28 days.`,
        { extra: { option: option.type } },
      );
    }
  }
  return null;
}
