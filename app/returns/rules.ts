import { londonIsoDate } from "~/shared/london-time";
import { POLICY } from "~/policy/policy";
import { DEFAULT_SHOP_SETTINGS } from "~/policy/shop-settings";
import { discountOnSubtotal } from "~/pricing/totals";
import { isCancelledOrRefunded, isPaid, type OrderStates } from "~/orders/status";
import {
  isPersonalised,
  PERSONALISED_NOTICE,
  RIGHT_TO_CANCEL_DAYS,
} from "~/policy/consumer-rights";

/**
 * The rules of a returns request (X-UK-5), pure so the page, the server and the tests share them:
 * a dispatched or delivered order, within 14 days of delivery (of dispatch when delivery is not
 * recorded), non-personalised lines only, each line once.
 */

/** The calendar day in the UK ("2026-11-21"): the 14 days are counted in UK days. */
export const ukDate = londonIsoDate;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "5 December 2026" for a UK calendar day. */
export function formatUkDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

export interface ReturnableOrder extends OrderStates {
  orderNumber: string;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
}

/** The owner's return window (X-TRUE-2): its days, and the chosen delivery's longest time. */
export interface ReturnRule {
  days: number;
  /** The seller's e-mail the refusals name (X-OWN-1); left out: the default settings'. */
  email?: string;
  /** Working days the order's delivery may take after dispatch ("2-5 working days" → 5). */
  deliveryDays: number;
}

const LEGAL_RULE: ReturnRule = { days: RIGHT_TO_CANCEL_DAYS, deliveryDays: 0 };

/** A date (YYYY-MM-DD) plus `count` working days (Monday to Friday). */
function addWorkingDays(day: string, count: number): string {
  let date = day;
  let left = count;
  while (left > 0) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date;
}

export type ReturnWindow =
  | { open: true; lastDay: string; countedFrom: "delivery" | "dispatch"; days: number }
  | { open: false; reason: string };

/**
 * Whether the order can still be returned on `now`: the owner's window (at least the 14-day right
 * to cancel) ends that many days after the day of delivery, or, when delivery is not recorded,
 * after the day of dispatch plus the delivery's longest time (X-TRUE-2), at the end of that UK day.
 */
export function returnWindow(
  order: ReturnableOrder,
  now: Date,
  rule: ReturnRule = LEGAL_RULE,
): ReturnWindow {
  const days = rule.days;
  const email = rule.email ?? DEFAULT_SHOP_SETTINGS.seller.email;
  // Only a paid order's goods are with the customer to send back (X-ORD-2).
  if (!isPaid(order)) {
    return {
      open: false,
      reason: isCancelledOrRefunded(order)
        ? `Order ${order.orderNumber} has been cancelled or refunded, so there is nothing to send back.`
        : `Order ${order.orderNumber} has not been paid, so there is nothing to send back.`,
    };
  }
  const start = order.deliveredAt ?? order.dispatchedAt;
  if (!start) {
    return {
      open: false,
      reason: `Order ${order.orderNumber} has not been dispatched yet, so there is nothing to send back. To cancel before dispatch, e-mail ${email} with your order number.`,
    };
  }
  const countedFrom = order.deliveredAt ? "delivery" : "dispatch";
  const from = order.deliveredAt ? ukDate(start) : addWorkingDays(ukDate(start), rule.deliveryDays);
  const lastDay = addDays(from, days);
  if (ukDate(now) > lastDay) {
    return {
      open: false,
      reason: `The ${days}-day return window for order ${order.orderNumber} ended on ${formatUkDate(lastDay)} (${days} days after ${countedFrom === "delivery" ? "delivery" : "dispatch plus the delivery time"}). If an item is faulty, e-mail ${email}: faults can be reported within ${POLICY.faultReportDays} days of delivery.`,
    };
  }
  return { open: true, lastDay, countedFrom, days };
}

export const ALREADY_REQUESTED = "A return has already been requested for this item.";

/** Why a line cannot be ticked, or null when it can. */
export function lineRefusal(
  line: Parameters<typeof isPersonalised>[0],
  alreadyRequested: boolean,
): string | null {
  if (isPersonalised(line)) return PERSONALISED_NOTICE;
  if (alreadyRequested) return ALREADY_REQUESTED;
  return null;
}

/** A short reference for a request, for the customer and the owner ("RR-3F9A1C2B"). */
export function returnReference(id: string): string {
  return `RR-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
}

/**
 * What returned items were paid (X-DAY-1): their unit prices times the quantities sent back,
 * less the order's discount on them (the same rounding as the order's own discount). Shipping is
 * not part of it; the owner may change the suggested refund.
 */
export function returnedValuePence(
  lines: readonly { unitPricePence: number; quantity: number }[],
  discountPercent: number,
): number {
  const value = lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
  return value - discountOnSubtotal(value, discountPercent);
}
