import { statusLabel } from "~/orders/status";

const tones: Record<string, string> = {
  pending: "bg-stone text-ink",
  paid: "bg-ink text-paper",
  in_production: "bg-belt-blue text-white",
  dispatched: "bg-belt-purple text-white",
  delivered: "bg-success text-white",
  // Ink on white with an outline (about 19:1), not grey struck through (issue 24 item 11).
  cancelled: "bg-white text-ink ring-1 ring-ink",
  failed: "bg-white text-ink ring-1 ring-ink/60",
  refunded: "bg-accent-dark text-white",
  partly_refunded: "bg-accent-dark text-white",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${tones[status] ?? "bg-stone text-ink"}`}
    >
      {statusLabel(status)}
    </span>
  );
}
