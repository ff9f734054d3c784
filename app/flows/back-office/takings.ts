import type { TakingsOrder, TakingsRefund } from "~/orders/takings-records.server";
import { londonIsoDate } from "~/shared/london-time";

/**
 * The dashboard's money figures (X-DAY-2, issue 53), every one made here from the same order and
 * refund rows (`takingsRecordsSince`), so they add up:
 * - takings: the totals of the orders paid in the period; orders: how many; average: takings ÷ orders;
 * - refunds: the refunds that went through in the period, whenever their order was paid;
 * - net: takings less refunds, and per UK day the same;
 * - a product's net: its lines' totals less their share of their order's discount, less its share
 *   of each refund in the period (a team line's own refund is that line's; any other refund is
 *   shared over the order's lines and delivery by what each was paid); its quantity: the units
 *   on orders that still stand (a cancelled or fully refunded order sold nothing).
 * The products' nets and `deliveryNetPence` add up to `netPence`, to the penny.
 */
export interface TakingsFigures {
  takingsPence: number;
  refundsPence: number;
  netPence: number;
  orders: number;
  averageOrderPence: number;
  byDay: { date: string; netPence: number; orders: number }[];
  /** Every product sold or refunded in the period, best sellers first. */
  products: { productId: string; name: string; quantity: number; netPence: number }[];
  /** What delivery charges brought in, less their share of refunds. */
  deliveryNetPence: number;
}

/**
 * `total` split over `weights` in whole pence, each part as near its exact share as can be and
 * the parts adding up to `total` (largest remainders).
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** Each line's part of what the order's goods were paid (their totals less the discount). */
export function lineNets(order: TakingsOrder): number[] {
  return shareOut(
    order.subtotalPence - order.discountPence,
    order.lines.map((line) => line.lineTotalPence),
  );
}

/** A refund's part on each line of its order, and on the delivery. */
export function refundShares(refund: TakingsRefund): { lines: number[]; delivery: number } {
  const nets = lineNets(refund.order);
  const own = refund.order.lines.map((line) => line.cancelRefundId === refund.id);
  if (own.some(Boolean)) {
    // Issue 41: the refund of lines cancelled with their team is theirs alone.
    return {
      lines: shareOut(
        refund.amountPence,
        nets.map((net, i) => (own[i] ? net : 0)),
      ),
      delivery: 0,
    };
  }
  const parts = shareOut(refund.amountPence, [...nets, refund.order.shippingPence]);
  return { lines: parts.slice(0, nets.length), delivery: parts[nets.length] ?? 0 };
}

export function takingsFigures(
  records: { sales: readonly TakingsOrder[]; refunds: readonly TakingsRefund[] },
  dates: readonly string[],
): TakingsFigures {
  const takingsByDay = new Map<string, { takings: number; orders: number }>();
  const refundsByDay = new Map<string, number>();
  const products = new Map<string, { name: string; quantity: number; netPence: number }>();
  const product = (id: string, name: string) => {
    const found = products.get(id) ?? { name, quantity: 0, netPence: 0 };
    products.set(id, found);
    return found;
  };
  let deliveryNetPence = 0;
  for (const order of records.sales) {
    const day = londonIsoDate(order.paidAt);
    const today = takingsByDay.get(day) ?? { takings: 0, orders: 0 };
    takingsByDay.set(day, { takings: today.takings + order.totalPence, orders: today.orders + 1 });
    const nets = lineNets(order);
    order.lines.forEach((line, i) => {
      const row = product(line.productId, line.productName);
      row.netPence += nets[i]!;
      if (order.stillPaid && !line.cancelled) row.quantity += line.quantity;
    });
    deliveryNetPence += order.shippingPence;
  }
  for (const refund of records.refunds) {
    const day = londonIsoDate(refund.at);
    refundsByDay.set(day, (refundsByDay.get(day) ?? 0) + refund.amountPence);
    const shares = refundShares(refund);
    refund.order.lines.forEach((line, i) => {
      product(line.productId, line.productName).netPence -= shares.lines[i]!;
    });
    deliveryNetPence -= shares.delivery;
  }
  const takingsPence = records.sales.reduce((sum, order) => sum + order.totalPence, 0);
  const refundsPence = records.refunds.reduce((sum, refund) => sum + refund.amountPence, 0);
  const orders = records.sales.length;
  return {
    takingsPence,
    refundsPence,
    netPence: takingsPence - refundsPence,
    orders,
    averageOrderPence: orders ? Math.round(takingsPence / orders) : 0,
    byDay: dates.map((date) => ({
      date,
      netPence: (takingsByDay.get(date)?.takings ?? 0) - (refundsByDay.get(date) ?? 0),
      orders: takingsByDay.get(date)?.orders ?? 0,
    })),
    products: [...products.entries()]
      .map(([productId, row]) => ({ productId, ...row }))
      .filter((row) => row.quantity > 0 || row.netPence !== 0)
      .sort(
        (a, b) =>
          b.quantity - a.quantity ||
          b.netPence - a.netPence ||
          (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0),
      ),
    deliveryNetPence,
  };
}
