import { NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import type { Variant } from "./stock";

/** The form field of one variant's quantity on /admin/stock. */
export function stockFieldName(variant: Omit<Variant, "productId">): string {
  return `stock:${variant.optionType}|${variant.size}|${variant.color}`;
}

/** "Hoodies, size M, Grey" for the owner; "Standard" for a product without options. */
export function variantLabel(variant: Omit<Variant, "productId">): string {
  if (variant.optionType === STANDARD_OPTION && variant.size === NO_SIZE) return "Standard";
  return [variant.optionType, `size ${variant.size}`, variant.color].filter(Boolean).join(", ");
}

/** The stock page's search (issue 24 item 11): products whose name or id has every word typed. */
export function matchingProducts<T extends { productId: string; productName: string }>(
  products: readonly T[],
  query: string,
): T[] {
  const wordsTyped = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (wordsTyped.length === 0) return [...products];
  return products.filter((product) => {
    const text = `${product.productName} ${product.productId}`.toLowerCase();
    return wordsTyped.every((word) => text.includes(word));
  });
}
