import { GIFT_CARD_PRODUCT_ID } from "~/shared/gift-card-line";
import { subtotalPence } from "./lines";
import type { Pence } from "./money";
import { type DeliverySettings, shippingChargePence, type ShippingMethodId } from "./shipping";

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
 * The lines a discount code and the buyer's own free-delivery threshold count (X-SEC-21): every
 * line but a team's, which is already at the team's price and goes with the team's order, and a
 * gift card, which no code, sale or team price ever touches (X-GIFT-1).
 */
export function ownLines<L extends { team?: string; productId?: string }>(
  lines: readonly L[],
): L[] {
  return lines.filter((line) => !line.team && line.productId !== GIFT_CARD_PRODUCT_ID);
}

/** What is posted: every line but a gift card, which is e-mailed (X-GIFT-1: no delivery charge). */
export function postedLines<L extends { productId?: string }>(lines: readonly L[]): L[] {
  return lines.filter((line) => line.productId !== GIFT_CARD_PRODUCT_ID);
}

/**
 * Subtotal, shipping for the chosen method at the owner's delivery settings (X-UK-1, X-TRUE-2: UK
 * standard is free from the threshold after the discount), discount (on the subtotal only) and total = subtotal + shipping - discount.
 * `shippedLines` are the lines the shop posts to the customer: all of them, but for a team's
 * lines delivered together to its academy (X-TEAM-2), which pay the team's own delivery price
 * instead (`withDeliveryPence`, issue 41).
 * X-SEC-21: team lines take no discount and count nothing towards the free-delivery threshold.
 */
export function orderTotals(
  lines: readonly { unitPricePence: Pence; quantity: number; team?: string; productId?: string }[],
  discountPercent: number,
  shippingMethod: ShippingMethodId,
  delivery: DeliverySettings,
  shippedLines: readonly { quantity: number; productId?: string }[] = lines,
): OrderTotals {
  const subtotal = subtotalPence(lines);
  const items = postedLines(shippedLines).reduce((sum, line) => sum + line.quantity, 0);
  const own = subtotalPence(ownLines(lines));
  const discount = discountOnSubtotal(own, discountPercent);
  const shipping = shippingChargePence(shippingMethod, items, own - discount, delivery);
  return {
    subtotalPence: subtotal,
    shippingPence: shipping,
    discountPence: discount,
    totalPence: subtotal + shipping - discount,
  };
}

/**
 * Issue 41: an order delivered with its team pays the team's own delivery price (set on the team,
 * default £0) in place of a delivery method's charge; the server decides it, as every total.
 */
export function withDeliveryPence(totals: OrderTotals, shippingPence: Pence): OrderTotals {
  return {
    ...totals,
    shippingPence,
    totalPence: totals.totalPence - totals.shippingPence + shippingPence,
  };
}
