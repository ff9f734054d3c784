import { formatPence } from "~/pricing/money";
import type { VatReceipt } from "~/pricing/vat";

/**
 * The VAT lines of a receipt (X-UK-2): "VAT included (20%)" with the amount, and the VAT number.
 * Nothing without a VAT number. Used by the confirmation page and the packing slip; build the
 * receipt with vatReceipt(order.totalPence, receiptSettings().vatNumber) on the server.
 */
export function VatReceiptLines({
  receipt,
  className = "",
}: {
  receipt: VatReceipt | null;
  className?: string;
}) {
  if (!receipt) return null;
  return (
    <dl className={`space-y-1 text-sm ${className}`} aria-label="VAT receipt">
      <div className="flex justify-between gap-4">
        <dt>{receipt.label}</dt>
        <dd data-testid="vat-amount">{formatPence(receipt.vatPence)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt>VAT number</dt>
        <dd data-testid="vat-number">{receipt.vatNumber}</dd>
      </div>
    </dl>
  );
}
