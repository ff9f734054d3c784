import { ProductPhoto } from "~/catalogue/components/ProductPhoto";
import { TotalsTable } from "~/flows/checkout/CheckoutSummary";
import { formatPence } from "~/pricing/money";
import { LeadTimeText } from "~/stock/LeadTime";
import { LineNotice } from "~/policy/LineNotice";
import type { OrderReceipt } from "~/orders/receipt.server";
import { VatReceiptLines } from "../back-office/VatReceiptLines";

/** A line's picture (X-PHOTO-3): the owner's photo, else the drawing, in the checkout's slot. */
function ReceiptPicture({ picture }: { picture: OrderReceipt["lines"][number]["picture"] }) {
  if (!picture) return null;
  return (
    <div className="size-18 shrink-0 overflow-hidden rounded-md bg-stone">
      {picture.photo ? (
        <ProductPhoto photo={picture.photo} sizes="72px" alt="" />
      ) : (
        <img src={picture.src} alt="" width={72} height={72} className="size-full object-cover" />
      )}
    </div>
  );
}

/**
 * The paid order on the confirmation page: lines with their cancellation notice (X-UK-3), the
 * delivery method and totals as charged (X-UK-1), and the VAT receipt when there is one (X-UK-2).
 */
export function ConfirmationReceipt({ receipt }: { receipt: OrderReceipt }) {
  return (
    <section
      aria-labelledby="receipt-title"
      className="mx-auto mt-8 max-w-xl rounded-lg bg-white p-6 text-left ring-1 ring-black/5"
    >
      <h2 id="receipt-title" className="font-display text-2xl font-bold uppercase">
        {receipt.vat ? "Your VAT receipt" : "Your order"}
      </h2>
      <ul className="mt-2 divide-y divide-stone" aria-label="Items ordered">
        {receipt.lines.map((line, i) => (
          <li key={i} className="flex gap-4 py-3" data-testid="confirmed-line">
            <ReceiptPicture picture={line.picture} />
            <div className="flex-1">
              <p className="font-semibold">
                {line.quantity} × {line.product_name}
              </p>
              {line.details ? <p className="text-sm text-muted">{line.details}</p> : null}
              <LeadTimeText fromStock={line.from_stock} />
              <LineNotice line={line.personalised} text={line.notice} className="mt-1" />
            </div>
            <p className="font-semibold">{formatPence(line.line_total_pence)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-2 mb-3 text-sm" data-testid="delivery-method">
        Delivery: {receipt.shipping_method_label}
      </p>
      <TotalsTable
        totals={{
          subtotalPence: receipt.subtotal_pence,
          shippingPence: receipt.shipping_pence,
          discountPence: receipt.discount_pence,
          totalPence: receipt.total_pence,
        }}
        discountLabel={receipt.discount_code ?? undefined}
      />
      {receipt.vat ? (
        <VatReceiptLines
          className="mt-3 border-t border-stone pt-3"
          receipt={{
            rows: receipt.vat.rows.map((row) => ({
              ratePercent: row.rate_percent,
              label: row.label,
              amountPence: row.amount_pence,
            })),
            vatNumber: receipt.vat.vat_number,
          }}
        />
      ) : null}
      <p className="mt-3 text-sm text-muted" data-testid="returns-notice">
        {receipt.returns_notice}
      </p>
      <div className="mt-3 border-t border-stone pt-3 text-sm" data-testid="receipt-seller">
        <p className="font-semibold">Sold by</p>
        <address className="not-italic">
          {receipt.seller.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
    </section>
  );
}
