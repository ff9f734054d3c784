import { done, problem, type Result } from "~/shared/problems";
import { type FitAnswer, findSize, type Measures } from "./fit";
import type { Product, ProductOption } from "./types";

/** The size finder's answer for a product (GET /api/size-finder and the product page's form). */

/** The option of a product the finder sizes: the one named, else the first with a chart. */
export function fitOption(
  product: Pick<Product, "options">,
  optionType: string | null | undefined,
): ProductOption | undefined {
  return optionType
    ? product.options.find((o) => o.type === optionType && o.fit)
    : product.options.find((o) => o.fit);
}

/** The finder's answer for a product's option, or the problem to answer with (a 4xx). */
export function sizeFinderAnswer(
  product: Pick<Product, "options" | "name"> | undefined,
  optionType: string | null | undefined,
  measures: Measures,
): Result<FitAnswer & { optionType: string }> {
  if (!product) return problem("not_found", "There is no product with that id.");
  const option = fitOption(product, optionType);
  if (!option?.fit) {
    return problem(
      "not_found",
      optionType
        ? `${product.name} has no size chart for "${optionType}".`
        : `${product.name} has no size chart.`,
    );
  }
  const found = findSize(option.fit, option.sizes, measures);
  if (!found.ok) return problem("invalid_input", found.message);
  return done({ ...found.answer, optionType: option.type });
}
