import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "~/db/database";
import { productOptions } from "./schema";
import type { FitChart, FitMeasure } from "./fit";

/**
 * A product's size finder charts by option type (X-FIT-1), read from its options' rows when asked:
 * they stay out of the catalogue every page carries to the browser.
 */
export async function fitChartsOf(
  db: Pick<Database, "select">,
  productId: string,
): Promise<ReadonlyMap<string, FitChart>> {
  const rows = await db
    .select({ type: productOptions.type, fitChart: productOptions.fitChart })
    .from(productOptions)
    .where(and(eq(productOptions.productId, productId), isNotNull(productOptions.fitChart)));
  return new Map(rows.map((row) => [row.type, row.fitChart as FitChart]));
}

/** What the product page's finder asks for, by option type: only the measures, never the ranges. */
export function fitMeasuresOf(
  charts: ReadonlyMap<string, FitChart>,
): Record<string, readonly FitMeasure[]> {
  return Object.fromEntries([...charts].map(([type, chart]) => [type, chart.measures]));
}
