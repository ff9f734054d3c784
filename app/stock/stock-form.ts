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
