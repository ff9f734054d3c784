import { subtotalPence } from "./lines";
import type { Pence } from "./money";

/** Shipping at checkout: £3.99 for each item, quantities summed (S-CHK-2). */
export const SHIPPING_PER_ITEM_PENCE = 399;

export interface OrderTotals {
  subtotalPence: Pence;
  shippingPence: Pence;
  discountPence: Pence;
  totalPence: Pence;
}

/** A percentage of the subtotal, rounded to the nearest penny (halves round up). */
export function discountOnSubtotal(subtotal: Pence, percent: number): Pence {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new Error(`Not a discount percentage: ${percent}`);
  }
  return Math.round((subtotal * percent) / 100);
}

/** Subtotal, shipping, discount (on the subtotal only) and total = subtotal + shipping - discount. */
export function orderTotals(
  lines: readonly { unitPricePence: Pence; quantity: number }[],
  discountPercent: number,
): OrderTotals {
  const subtotal = subtotalPence(lines);
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = items * SHIPPING_PER_ITEM_PENCE;
  const discount = discountOnSubtotal(subtotal, discountPercent);
  return {
    subtotalPence: subtotal,
    shippingPence: shipping,
    discountPence: discount,
    totalPence: subtotal + shipping - discount,
  };
}
