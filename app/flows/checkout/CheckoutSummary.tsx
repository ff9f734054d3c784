import type { CartLine } from "~/cart/cart";
import { choiceDetails } from "~/catalogue/options";
import { LineNotice } from "~/policy/LineNotice";
import { rightToCancelIncluded } from "~/policy/consumer-rights";
import { useShopContact } from "~/ui/shop-contact";
import { formatPence } from "~/pricing/money";
import type { OrderTotals } from "~/pricing/totals";
import { LineLeadTime } from "~/stock/LeadTime";
import type { StockLevels, StockLookup } from "~/stock/stock";
import { shippingText } from "./DeliveryChoice";

/** The owner's window with the legal right explained, once, before paying (X-OWN-5). */
export function ReturnsNotice() {
  const { returnDays } = useShopContact();
  return (
    <p className="mt-2 text-sm text-muted" data-testid="returns-notice">
      {rightToCancelIncluded(returnDays)}
    </p>
  );
}

export function CheckoutLines({
  lines,
  levels,
  lookup,
  lineError,
}: {
  lines: readonly CartLine[];
  levels: StockLevels | undefined;
  lookup: StockLookup;
  /** The server's answer about one line (e.g. sold out since it was added), shown on that line. */
  lineError?: { index: number; message: string } | null;
}) {
  return (
    <ul className="divide-y divide-stone" aria-label="Items in your order">
      {lines.map((line, i) => (
        <li key={`${i}-${line.productId}`} className="flex gap-4 py-4">
          {line.image ? (
            <img
              src={line.image}
              alt=""
              width={72}
              height={72}
              className="size-18 shrink-0 rounded-md bg-stone object-cover"
            />
          ) : null}
          <div className="flex-1">
            <p className="font-semibold">{line.productName}</p>
            <p className="text-sm text-muted">{choiceDetails(line).join(" · ")}</p>
            <p className="text-sm text-muted">
              {line.quantity} × {formatPence(line.unitPricePence)}
              {line.wasUnitPricePence ? (
                <s className="ml-1.5">
                  <span className="sr-only">was </span>
                  {formatPence(line.wasUnitPricePence)}
                </s>
              ) : null}
            </p>
            <LineNotice line={line} className="mt-1" />
            {lineError?.index === i || line.problem ? (
              <p className="mt-1 text-sm font-bold text-accent" data-testid="line-error">
                {lineError?.index === i ? lineError.message : line.problem}
              </p>
            ) : (
              <LineLeadTime line={line} levels={levels} lookup={lookup} />
            )}
          </div>
          <p className="font-semibold">{formatPence(line.unitPricePence * line.quantity)}</p>
        </li>
      ))}
    </ul>
  );
}

export function TotalsTable({
  totals,
  discountLabel,
  shippingLabel,
  giftCardPence,
}: {
  totals: OrderTotals;
  /** What gift cards pay of the total (X-GIFT-3). */
  giftCardPence?: number;
  discountLabel?: string;
  /** The delivery method's name, shown with the charge ("Shipping (UK express)"). */
  shippingLabel?: string;
}) {
  const row = (label: string, value: string, testId: string, strong = false) => (
    <div
      className={`flex justify-between ${strong ? "border-t border-stone pt-3 text-xl font-bold" : ""}`}
    >
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <dl className="space-y-2">
      {row("Subtotal", formatPence(totals.subtotalPence), "subtotal")}
      {row(
        shippingLabel ? `Shipping (${shippingLabel})` : "Shipping",
        shippingText(totals.shippingPence),
        "shipping",
      )}
      {/* Issue 53: no "Discount £0.00" line without a code; a code shows its line (S-CHK-1). */}
      {discountLabel || totals.discountPence > 0
        ? row(
            discountLabel ? `Discount (${discountLabel})` : "Discount",
            totals.discountPence > 0 ? `-${formatPence(totals.discountPence)}` : formatPence(0),
            "discount",
          )
        : null}
      {row("Total", formatPence(totals.totalPence), "total", true)}
      {/* X-GIFT-3: gift cards pay part of the total; the rest is paid by card. */}
      {giftCardPence ? row("Gift cards", `-${formatPence(giftCardPence)}`, "gift-cards") : null}
      {giftCardPence
        ? row("To pay", formatPence(totals.totalPence - giftCardPence), "amount-due", true)
        : null}
    </dl>
  );
}
