import type { Pence } from "./money";

// A product without options goes in the cart as this (S-PDP-7); its own small module, as the
// cart on every page reads it.
import { STANDARD_OPTION } from "./standard";
export { STANDARD_OPTION };

/** What pricing reads of a product: its own price and its options' (the catalogue's products). */
export interface PricedProduct {
  pricePence: Pence;
  /** A product without options: the price it was reduced from. */
  originalPricePence?: Pence;
  options: readonly {
    type: string;
    pricePence: Pence;
    compareAtPricePence?: Pence;
    customPricePence?: Pence;
  }[];
}

/**
 * The unit price of one item, from the catalogue: the option's price, plus its custom price when
 * the name customisation is chosen; a product without options costs its own price. The one place
 * a unit price is computed, in the browser and on the server.
 */
export function unitPricePence(
  product: PricedProduct,
  optionType: string,
  nameCustomisation: boolean,
): Pence | undefined {
  if (product.options.length === 0) {
    return optionType === STANDARD_OPTION ? product.pricePence : undefined;
  }
  const option = product.options.find((candidate) => candidate.type === optionType);
  if (!option) return undefined;
  const extra = nameCustomisation && option.customPricePence ? option.customPricePence : 0;
  return option.pricePence + extra;
}

/** The unit price a reduced item was reduced from (compare-at, or before a sale), if it was. */
export function wasUnitPricePence(
  product: PricedProduct,
  optionType: string,
  nameCustomisation: boolean,
): Pence | undefined {
  if (product.options.length === 0) {
    return optionType === STANDARD_OPTION ? product.originalPricePence : undefined;
  }
  const option = product.options.find((candidate) => candidate.type === optionType);
  if (!option?.compareAtPricePence) return undefined;
  const extra = nameCustomisation && option.customPricePence ? option.customPricePence : 0;
  return option.compareAtPricePence + extra;
}

export function lineTotalPence(unit: Pence, quantity: number): Pence {
  return unit * quantity;
}

/** Sum of price times quantity (S-CART-5). */
export function subtotalPence(
  lines: readonly { unitPricePence: Pence; quantity: number }[],
): Pence {
  return lines.reduce((sum, line) => sum + lineTotalPence(line.unitPricePence, line.quantity), 0);
}
