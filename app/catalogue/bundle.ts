import { findProduct, type Product, TRAINING_BUNDLE } from "~/catalogue";
import type { Pence } from "~/pricing/money";

export interface BundleQuote {
  items: { id: string; name: string; pricePence: Pence }[];
  fullPence: Pence;
  pricePence: Pence;
  savingPence: Pence;
}

/** A bundle's items, full price, price and saving, from the catalogue (S-ACC-4). */
export function bundleQuote(
  bundle: Product & { bundle: NonNullable<Product["bundle"]> },
): BundleQuote {
  const items = bundle.bundle.productIds.map((id) => {
    const product = findProduct(id);
    if (!product) throw new Error(`The bundle ${bundle.id} names an unknown product: ${id}`);
    return { id, name: product.name, pricePence: product.pricePence };
  });
  const fullPence = items.reduce((sum, item) => sum + item.pricePence, 0);
  return {
    items,
    fullPence,
    pricePence: bundle.pricePence,
    savingPence: fullPence - bundle.pricePence,
  };
}

export function trainingBundleQuote(): BundleQuote {
  return bundleQuote(TRAINING_BUNDLE);
}
