import type { FulfilmentStatus, OrderStatus, PaymentStatus } from "~/orders/schema";
import {
  FULFILMENT_LABELS,
  legacyStatus,
  type OrderStates,
  PAYMENT_LABELS,
  statusLabel,
} from "~/orders/status";

const BADGE = "inline-block rounded px-2 py-0.5 text-sm font-semibold whitespace-nowrap";
// Ink on white with an outline (about 19:1), not grey struck through (issue 24 item 11).
const CLOSED = "bg-white text-ink ring-1 ring-ink";
const UNPAID = "bg-white text-ink ring-1 ring-ink/60";

const tones: Record<OrderStatus, string> = {
  pending: "bg-stone text-ink",
  paid: "bg-ink text-paper",
  in_production: "bg-belt-blue text-white",
  made: "bg-belt-brown text-white",
  dispatched: "bg-belt-purple text-white",
  delivered: "bg-success text-white",
  cancelled: CLOSED,
  failed: UNPAID,
  refunded: "bg-accent-dark text-white",
  partly_refunded: "bg-accent-dark text-white",
};

/** The one-value label of the order lists (X-OPS-4), made from the two states by `orders/`. */
export function StatusBadge({ order }: { order: OrderStates }) {
  const status = legacyStatus(order);
  return <span className={`${BADGE} ${tones[status]}`}>{statusLabel(status)}</span>;
}

const paymentTones: Record<PaymentStatus, string> = {
  pending: "bg-stone text-ink",
  paid: "bg-ink text-paper",
  partly_refunded: "bg-accent-dark text-white",
  refunded: "bg-accent-dark text-white",
  failed: UNPAID,
  expired: UNPAID,
};

const fulfilmentTones: Record<FulfilmentStatus, string> = {
  unfulfilled: "bg-stone text-ink",
  in_production: "bg-belt-blue text-white",
  made: "bg-belt-brown text-white",
  dispatched: "bg-belt-purple text-white",
  delivered: "bg-success text-white",
  cancelled: CLOSED,
};

/** The order's money (X-ORD-1) in its own words (`label`, from `paymentLabel`, when the order
 *  is known); the colour only repeats them. */
export function PaymentBadge({ status, label }: { status: PaymentStatus; label?: string }) {
  return (
    <span className={`${BADGE} ${paymentTones[status]}`}>{label ?? PAYMENT_LABELS[status]}</span>
  );
}

/** The order's making (X-ORD-1) in its own words; the colour only repeats them. */
export function FulfilmentBadge({ status, label }: { status: FulfilmentStatus; label?: string }) {
  return (
    <span className={`${BADGE} ${fulfilmentTones[status]}`}>
      {label ?? FULFILMENT_LABELS[status]}
    </span>
  );
}
