import { formatPence } from "~/pricing/money";
import type { HistoryEntry } from "./back-office.server";
import { FULFILMENT_LABELS, statusLabel } from "~/orders/status";
import { formatLondon } from "~/shared/london-time";

const fulfilmentLabel = (step: unknown) =>
  FULFILMENT_LABELS[step as keyof typeof FULFILMENT_LABELS] ?? String(step);

function describe(entry: HistoryEntry): string {
  const after = entry.after ?? {};
  const before = entry.before ?? {};
  switch (entry.kind) {
    case "placed":
      return "Order placed";
    case "status": {
      const tracking = after.trackingNumber
        ? ` (${String(after.carrier)}, ${String(after.trackingNumber)})`
        : "";
      // A move that leaves the one-value status as it was (a partly refunded order being made)
      // is told by its fulfilment steps (X-ORD-1).
      if (before.status === after.status && after.fulfilment_status) {
        return `${fulfilmentLabel(before.fulfilment_status)} → ${fulfilmentLabel(after.fulfilment_status)}${tracking}`;
      }
      const from = before.status ? `${statusLabel(String(before.status))} → ` : "";
      return `${from}${statusLabel(String(after.status))}${tracking}`;
    }
    case "refund":
      // A payment that was never applied to the order, given back (issue 27).
      if (after.flaggedPayment) {
        return `Refunded ${formatPence(Number(after.amountPence ?? 0))} of a payment that did not belong to the order`;
      }
      return `Refunded ${formatPence(Number(after.amountPence ?? 0))}: ${statusLabel(String(before.status))} → ${statusLabel(String(after.status))}`;
    case "refund_failed":
      return `Refund of ${formatPence(Number(after.amountPence ?? 0))} refused by the payment provider${
        after.reason ? `: ${String(after.reason)}` : ""
      }; nothing was refunded`;
    case "note":
      return "Note";
    default:
      return entry.kind;
  }
}

/** The order's history: each change, by whom, when (X-OPS-3). */
export function OrderHistory({ history }: { history: readonly HistoryEntry[] }) {
  return (
    <ol className="grid gap-3" data-testid="order-history">
      {history.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="border-l-4 border-stone pl-3">
          <p className="font-semibold">{describe(entry)}</p>
          {entry.note ? (
            <p className="whitespace-pre-wrap">
              {entry.kind === "refund" ? `Reason: ${entry.note}` : entry.note}
            </p>
          ) : null}
          <p className="text-sm text-muted">
            {entry.actor} · <time dateTime={entry.at}>{formatLondon(new Date(entry.at))}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
