import type { Order, OrderLine } from "~/orders/orders.server";
import { describeOrderLine } from "~/orders/line-description";
import { formatPence } from "~/pricing/money";
import { SHIPPING_METHODS } from "~/pricing/shipping";
import { addressOnOneLine } from "~/orders/delivery-label";

/**
 * The shop's own note of a paid order (X-DAY-5), to the shop's notices address (X-OWN-1): what to make, for whom, how it
 * goes out (express said first, in the subject), and the link to the order in the back office.
 */
export function paidOrderNotice(
  order: Pick<
    Order,
    | "orderNumber"
    | "totalPence"
    | "shippingMethod"
    | "customerEmail"
    | "shippingAddress"
    | "discountCode"
    | "teamDeliveryAddress"
  >,
  lines: readonly Pick<
    OrderLine,
    | "productName"
    | "quantity"
    | "optionType"
    | "size"
    | "beltRank"
    | "color"
    | "customText"
    | "nameCustomisation"
  >[],
  shopUrl: string,
): { subject: string; text: string; replyTo?: string } {
  const method = SHIPPING_METHODS[order.shippingMethod];
  const express = order.shippingMethod === "uk-express";
  const name = order.shippingAddress
    ? `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim()
    : "";
  const subject = `${express ? "EXPRESS: p" : "P"}aid order ${order.orderNumber}, ${formatPence(order.totalPence)}`;
  const text = [
    `Order ${order.orderNumber} has been paid: ${formatPence(order.totalPence)}${order.discountCode ? ` (code ${order.discountCode})` : ""}.`,
    "",
    order.teamDeliveryAddress
      ? `Delivery: with the team's order to ${addressOnOneLine(order.teamDeliveryAddress)}`
      : `Delivery: ${method.name}${express ? " (EXPRESS)" : ""}`,
    `Customer: ${[name, order.customerEmail].filter(Boolean).join(", ") || "(not given)"}`,
    "",
    "Items:",
    ...lines.map((l) => {
      const details = describeOrderLine(l);
      return `${l.quantity} × ${l.productName}${details ? ` (${details})` : ""}`;
    }),
    "",
    `Open the order: ${new URL(`/admin/orders/${order.orderNumber}`, shopUrl).toString()}`,
  ].join("\n");
  return { subject, text, replyTo: order.customerEmail ?? undefined };
}
