import { Clock } from "~/ui/icons/clock";
import { PackageCheck } from "~/ui/icons/package-check";
import {
  lineAvailability,
  leadTime,
  shortMessage,
  type StockLevels,
  type StockLineChoice,
  type StockLookup,
} from "./stock";

/**
 * A cart or checkout line's lead time, or what is short (X-STK-2). Until stock is known its
 * space is held (invisible, hidden from assistive technology) with the made-to-order text, so
 * the page does not move when the answer comes (CLS 0, X-PERF-1).
 */
export function LineLeadTime({
  line,
  levels,
  lookup,
}: {
  line: StockLineChoice & { productName: string };
  levels: StockLevels | undefined;
  /** The products GET /api/stock named; the line's own product is known by its name. */
  lookup: StockLookup;
}) {
  const find: StockLookup = (id) =>
    lookup(id) ?? (id === line.productId ? { name: line.productName } : undefined);
  if (!levels) {
    return (
      <p
        className="invisible flex items-start gap-1.5 text-sm"
        aria-hidden="true"
        data-testid="lead-time-pending"
      >
        <span className="mt-0.5 size-4 shrink-0" />
        {leadTime(false)}
      </p>
    );
  }
  const availability = lineAvailability(line, levels, find);
  if (availability.kind === "short") {
    return (
      <p className="text-sm font-semibold text-accent" data-testid="line-stock">
        {shortMessage(availability.variant, availability.left, find)}
      </p>
    );
  }
  return <LeadTimeText fromStock={availability.kind === "in-stock"} />;
}

export function LeadTimeText({ fromStock }: { fromStock: boolean }) {
  const Icon = fromStock ? PackageCheck : Clock;
  return (
    <p className="flex items-start gap-1.5 text-sm text-ink-soft" data-testid="lead-time">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {leadTime(fromStock)}
    </p>
  );
}
