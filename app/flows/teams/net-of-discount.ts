/**
 * What some of an order's lines were really paid: their total less their share of the order's
 * discount, as the dashboard counts a line's net (summary.server.ts). A team's cancel refunds its
 * lines this much (issue 41), so an order with a discount code is never refunded more than was paid.
 */
export function netOfDiscount(
  linesPence: number,
  order: { subtotalPence: number; discountPence: number },
): number {
  if (order.subtotalPence <= 0) return 0;
  if (order.discountPence <= 0) return linesPence;
  return Math.round(
    (linesPence * (order.subtotalPence - order.discountPence)) / order.subtotalPence,
  );
}
