import { findProduct, TRAINING_BUNDLE } from "~/catalogue";
import type { Pence } from "./money";

/** A bundle's price: the items' prices summed, less the percentage, rounded to the penny. */
export function bundlePricePence(itemPrices: readonly Pence[], discountPercent: number): Pence {
  const full = itemPrices.reduce((sum, pence) => sum + pence, 0);
  return Math.round((full * (100 - discountPercent)) / 100);
}

export interface BundleQuote {
  items: { id: string; name: string; pricePence: Pence }[];
  fullPence: Pence;
  pricePence: Pence;
  savingPence: Pence;
}

/** The Complete Training Bundle priced from the catalogue (S-ACC-4): the one place it is priced. */
export function trainingBundleQuote(): BundleQuote {
  const items = TRAINING_BUNDLE.productIds.map((id) => {
    const product = findProduct(id);
    if (!product) throw new Error(`The training bundle names an unknown product: ${id}`);
    return { id, name: product.name, pricePence: product.pricePence };
  });
  const fullPence = items.reduce((sum, item) => sum + item.pricePence, 0);
  const pricePence = bundlePricePence(
    items.map((item) => item.pricePence),
    TRAINING_BUNDLE.discountPercent,
  );
  return { items, fullPence, pricePence, savingPence: fullPence - pricePence };
}
