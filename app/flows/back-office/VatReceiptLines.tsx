import { formatPence } from "~/pricing/money";
import type { VatReceipt } from "~/pricing/vat";

/**
 * The VAT lines of a receipt (X-UK-2, X-VAT-3): "VAT at 20%" with its amount and, when the order
 * has zero-rated goods, "Zero-rated" with their value; then the VAT number. Nothing without a VAT
 * number. Used by the confirmation page, the packing slip and the owner's order page; build the
 * receipt with vatReceipt(orderVatBands(order), vatNumber) on the server.
 */
export function VatReceiptLines({
  receipt,
  className = "",
}: {
  receipt: Pick<VatReceipt, "rows" | "vatNumber"> | null;
  className?: string;
}) {
  if (!receipt) return null;
  return (
    <dl className={`space-y-1 text-sm ${className}`} aria-label="VAT receipt">
      {receipt.rows.map((row) => (
        <div key={row.ratePercent} className="flex justify-between gap-4">
          <dt>{row.label}</dt>
          <dd data-testid={row.ratePercent === 0 ? "vat-zero-rated" : "vat-amount"}>
            {formatPence(row.amountPence)}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4">
        <dt>VAT number</dt>
        <dd data-testid="vat-number">{receipt.vatNumber}</dd>
      </div>
    </dl>
  );
}
