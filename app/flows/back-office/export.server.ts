import { loadCatalogue } from "~/catalogue/store.server";
import { deliveryLabel } from "~/orders/delivery-label";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { linesForExport, type OrderFilter } from "./back-office.server";
import { ordersCsv } from "./csv";
import { ukDay } from "./uk-days";
import { isShippingMethodId } from "~/pricing/shipping";
import type { PostalAddress } from "~/orders/schema";
import { legacyStatus } from "~/orders/status";

/** The address on one line, for a spreadsheet cell; empty when the order has none yet. */
export function addressLine(address: PostalAddress | null): string {
  if (!address) return "";
  const name = `${address.firstName} ${address.lastName}`.trim();
  return [name, address.address, address.city, address.postcode, address.country]
    .map((part) => part.replace(/\s*\r?\n\s*/g, ", ").trim())
    .filter(Boolean)
    .join(", ");
}

/** The CSV of every line of the orders in the list's filter (X-OPS-6), audited. */
export async function exportOrdersCsv(
  db: Database,
  filter: OrderFilter,
  actor: string,
  now: Date,
): Promise<{ csv: string; filename: string; rows: number }> {
  const rows = await linesForExport(db, filter, now);
  // The method with its lead time as the owner's settings say it now (X-TRUE-2).
  const { delivery } = (await loadCatalogue(db, now.getTime())).settings.settings;
  const csv = ordersCsv(
    rows.map(({ order, line, customerName, teamName }) => ({
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: legacyStatus(order),
      customerName,
      customerEmail: order.customerEmail,
      productName: line.productName,
      optionType: line.optionType,
      size: line.size,
      beltRank: line.beltRank,
      color: line.color,
      customText: line.customText,
      quantity: line.quantity,
      unitPricePence: line.unitPricePence,
      lineTotalPence: line.lineTotalPence,
      subtotalPence: order.subtotalPence,
      shippingPence: order.shippingPence,
      discountPence: order.discountPence,
      totalPence: order.totalPence,
      refundedPence: order.refundedPence,
      shippingMethod: isShippingMethodId(order.shippingMethod)
        ? deliveryLabel({ ...order, shippingMethod: order.shippingMethod }, delivery)
        : order.shippingMethod,
      deliveryAddress: addressLine(order.shippingAddress),
      discountCode: order.discountCode,
      carrier: order.carrier,
      trackingNumber: order.trackingNumber,
      paymentStatus: order.paymentStatus,
      fulfilmentStatus: order.fulfilmentStatus,
      teamSlug: line.teamSlug,
      printName: line.printName,
      teamName,
    })),
  );
  await recordAudit(db, {
    actor,
    action: "orders.export",
    after: {
      status: filter.status ?? null,
      payment: filter.payment ?? null,
      fulfilment: filter.fulfilment ?? null,
      q: filter.q ?? null,
      rows: rows.length,
    },
  });
  const stamp = ukDay(now);
  return { csv, filename: `orders-${stamp}.csv`, rows: rows.length };
}
