import { formatPenceDecimal } from "~/pricing/money";
import type { LineChoiceOrNull } from "~/shared/line-choice";

// The orders export as CSV (X-OPS-6, X-DAY-6): UTF-8 with a byte-order mark, dates as UK local
// times; cells are quoted and guarded against formulas by app/shared/csv.ts (item 11).
import { BYTE_ORDER_MARK, csvCell, csvRow } from "~/shared/csv";
import { formatLondonNumeric } from "~/shared/london-time";

export { BYTE_ORDER_MARK, csvCell, csvRow };

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
  "shipping_method",
  "delivery_address",
  "discount_code",
  "carrier",
  "tracking_number",
  // X-ORD-1, X-ORD-3: after the older columns, so a spreadsheet built on them still reads them.
  "payment_status",
  "fulfilment_status",
  "team",
  "print_name",
  // X-TEAM-6: after the others, for the same reason.
  "team_name",
] as const;

/** "24/11/2026 09:05": the time on a clock in the UK, as a UK spreadsheet reads a date (X-DAY-6). */
export const ukDateTimeCell = formatLondonNumeric;

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
  /** The delivery's label ("UK express (1-2 working days)"). */
  shippingMethod: string;
  /** The delivery address on one line ("Ana Silva, 1 Beach Road, Redcar, TS10 1AA, United Kingdom"). */
  deliveryAddress: string;
  discountCode: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  paymentStatus: string;
  fulfilmentStatus: string;
  /** A team member's line: the team's slug and the name printed on the kit. */
  teamSlug: string | null;
  printName: string | null;
  /** The team's name, beside its slug (X-TEAM-6). */
  teamName?: string | null;
};

export function ordersCsv(lines: readonly ExportLine[]): string {
  const rows = lines.map((l) =>
    csvRow([
      l.orderNumber,
      ukDateTimeCell(l.createdAt),
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
      l.shippingMethod,
      l.deliveryAddress,
      l.discountCode,
      l.carrier,
      l.trackingNumber,
      l.paymentStatus,
      l.fulfilmentStatus,
      l.teamSlug,
      l.printName,
      l.teamName ?? null,
    ]),
  );
  return BYTE_ORDER_MARK + [csvRow(EXPORT_HEADER), ...rows].join("\r\n") + "\r\n";
}
