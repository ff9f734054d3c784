import { subtotalPence } from "./lines";
import type { Pence } from "./money";
import { shippingChargePence, type ShippingMethodId } from "./shipping";

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

/**
 * Subtotal, shipping for the chosen method (X-UK-1: UK standard is free from £75.00 after the
 * discount), discount (on the subtotal only) and total = subtotal + shipping - discount.
 */
export function orderTotals(
  lines: readonly { unitPricePence: Pence; quantity: number }[],
  discountPercent: number,
  shippingMethod: ShippingMethodId,
): OrderTotals {
  const subtotal = subtotalPence(lines);
  const items = lines.reduce((sum, line) => sum + line.quantity, 0);
  const discount = discountOnSubtotal(subtotal, discountPercent);
  const shipping = shippingChargePence(shippingMethod, items, subtotal - discount);
  return {
    subtotalPence: subtotal,
    shippingPence: shipping,
    discountPence: discount,
    totalPence: subtotal + shipping - discount,
  };
}
