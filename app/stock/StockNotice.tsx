import { Clock } from "~/ui/icons/clock";
import { PackageCheck } from "~/ui/icons/package-check";
import { LEAD_TIMES, type ChoiceStock } from "./stock";
import { FEW_LEFT } from "~/shared/cart-limits";

/**
 * The product page's lead time for the current choice and "Only N left" (X-STK-2), in a polite
 * live region so a change of size is read out.
 */
export function StockNotice({ stock }: { stock: ChoiceStock }) {
  const { availability, allMadeToOrder } = stock;
  let lead: string | null = null;
  let few: string | null = null;
  if (availability?.kind === "in-stock") {
    lead = LEAD_TIMES.inStock;
    if (availability.left <= FEW_LEFT) few = `Only ${availability.left} left`;
  } else if (availability?.kind === "short") {
    few = availability.left > 0 ? `Only ${availability.left} left` : "Sold out";
    lead = LEAD_TIMES.inStock;
  } else if (availability?.kind === "made-to-order" || allMadeToOrder) {
    lead = LEAD_TIMES.madeToOrder;
  }
  const Icon = availability?.kind === "made-to-order" || !availability ? Clock : PackageCheck;
  return (
    <div aria-live="polite" className="min-h-6 space-y-1 text-sm" data-testid="stock-notice">
      {few ? <p className="font-bold text-accent">{few}</p> : null}
      {lead ? (
        <p className="flex items-center gap-2 font-semibold">
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {lead}
        </p>
      ) : null}
    </div>
  );
}
