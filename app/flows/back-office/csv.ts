import { formatPenceDecimal } from "~/pricing/money";
import type { LineChoiceOrNull } from "~/shared/line-choice";

// The orders export as CSV (X-OPS-6); cells are quoted and guarded against formulas by
// app/shared/csv.ts (item 11).
import { csvCell, csvRow } from "~/shared/csv";

export { csvCell, csvRow };

export const EXPORT_HEADER = [
  "order_number",
  "date",
  "status",
  "customer_name",
  "customer_email",
  "product",
  "option",
  "size",
  "belt_rank",
  "colour",
  "custom_text",
  "quantity",
  "unit_price",
  "line_total",
  "order_subtotal",
  "order_shipping",
  "order_discount",
  "order_total",
  "order_refunded",
] as const;

/** One row of the export: the order, and the line's choice (X-ARCH-3) as the order row holds it. */
export type ExportLine = Required<
  Pick<LineChoiceOrNull, "optionType" | "size" | "beltRank" | "color" | "customText" | "quantity">
> & {
  orderNumber: string;
  createdAt: Date;
  status: string;
  customerName: string;
  customerEmail: string | null;
  productName: string;
  unitPricePence: number;
  lineTotalPence: number;
  subtotalPence: number;
  shippingPence: number;
  discountPence: number;
  totalPence: number;
  refundedPence: number;
};

export function ordersCsv(lines: readonly ExportLine[]): string {
  const rows = lines.map((l) =>
    csvRow([
      l.orderNumber,
      l.createdAt.toISOString(),
      l.status,
      l.customerName,
      l.customerEmail,
      l.productName,
      l.optionType,
      l.size,
      l.beltRank,
      l.color,
      l.customText,
      l.quantity,
      formatPenceDecimal(l.unitPricePence),
      formatPenceDecimal(l.lineTotalPence),
      formatPenceDecimal(l.subtotalPence),
      formatPenceDecimal(l.shippingPence),
      formatPenceDecimal(l.discountPence),
      formatPenceDecimal(l.totalPence),
      formatPenceDecimal(l.refundedPence),
    ]),
  );
  return [csvRow(EXPORT_HEADER), ...rows].join("\r\n") + "\r\n";
}
