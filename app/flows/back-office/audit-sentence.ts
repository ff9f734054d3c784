import { formatPence } from "~/pricing/money";
import { statusLabel } from "~/orders/status";

type State = Record<string, unknown> | null | undefined;

/** "refundedPence" → "refunded"; "trackingNumber" → "tracking number". */
function words(key: string): string {
  return key
    .replace(/Pence$/, "")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function value(key: string, v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (key.endsWith("Pence") && typeof v === "number") return formatPence(v);
  if (key === "status") return statusLabel(String(v)).toLowerCase();
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function changes(before: State, after: State, skip: readonly string[] = []): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !skip.includes(key),
  );
  return keys.map((key) => {
    const label = words(key);
    const title = label.charAt(0).toUpperCase() + label.slice(1);
    const from = before && key in before ? `${value(key, before[key])} → ` : "";
    return `${title}: ${from}${value(key, after?.[key])}`;
  });
}

/**
 * An audit-log entry as a sentence for the order page (issue 24 item 11): "Status: paid → in
 * production", "Refunded £12.50 · Status: paid → partly refunded", not JSON.
 */
export function auditSentence(entry: { action: string; before: State; after: State }): string {
  const { action, before, after } = entry;
  switch (action) {
    case "order.note":
      return `Note added: ${String(after?.note ?? "")}`;
    case "order.refund":
      return [
        `Refunded ${value("amountPence", after?.amountPence)}`,
        ...changes(before, after, ["amountPence", "reference", "refundedPence"]),
      ].join(" · ");
    case "order.refund_failed":
      return `Refund of ${value("amountPence", after?.amountPence)} refused by the payment provider: ${String(
        after?.reason ?? "no reason given",
      )}`;
    default: {
      const said = changes(before, after);
      return said.length > 0 ? said.join(" · ") : action;
    }
  }
}
