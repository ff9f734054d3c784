import { done, problem, type Result } from "~/shared/problems";
import { type FitAnswer, type FitChart, findSize, type Measures } from "./fit";
import type { Product } from "./types";

/**
 * The size finder's answer for a product's option (GET /api/size-finder and the product page's
 * form), from its charts by option type; or the problem to answer with (a 4xx). Without an
 * option type, the first of the product's options that has a chart.
 */
export function sizeFinderAnswer(
  product: Pick<Product, "options" | "name"> | undefined,
  charts: ReadonlyMap<string, FitChart>,
  optionType: string | null | undefined,
  measures: Measures,
): Result<FitAnswer & { optionType: string }> {
  if (!product) return problem("not_found", "There is no product with that id.");
  const option = optionType
    ? product.options.find((o) => o.type === optionType && charts.has(o.type))
    : product.options.find((o) => charts.has(o.type));
  if (!option) {
    return problem(
      "not_found",
      optionType
        ? `${product.name} has no size chart for "${optionType}".`
        : `${product.name} has no size chart.`,
    );
  }
  const found = findSize(charts.get(option.type)!, option.sizes, measures);
  if (!found.ok) {
    const { fieldErrors } = found;
    return problem("invalid_input", found.message, fieldErrors ? { extra: { fieldErrors } } : {});
  }
  return done({ ...found.answer, optionType: option.type });
}
