import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { linesForExport, type OrderFilter } from "./back-office.server";
import { ordersCsv } from "./csv";

/** The CSV of every line of the orders in the list's filter (X-OPS-6), audited. */
export async function exportOrdersCsv(
  db: Database,
  filter: OrderFilter,
  actor: string,
): Promise<{ csv: string; filename: string; rows: number }> {
  const rows = await linesForExport(db, filter);
  const csv = ordersCsv(
    rows.map(({ order, line, customerName }) => ({
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      status: order.status,
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
    })),
  );
  await recordAudit(db, {
    actor,
    action: "orders.export",
    after: { status: filter.status ?? null, q: filter.q ?? null, rows: rows.length },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return { csv, filename: `orders-${stamp}.csv`, rows: rows.length };
}
