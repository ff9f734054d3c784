import { isAwaitingPayment, type OrderStates } from "./status";

/** Paid orders are numbered GT-10001, GT-10002, … (X-DAY-3: given when the order is paid). */
export const ORDER_NUMBER_PREFIX = "GT-";
export const FIRST_ORDER_NUMBER = 10001;
/** A checkout not yet paid is addressed by its reference (CHK-…) until it is paid. */
export const CHECKOUT_REFERENCE_PREFIX = "CHK-";

/** "gt-10001" → "GT-10001"; undefined for anything that cannot be an order number (from a URL). */
export function normaliseOrderNumber(text: string | undefined): string | undefined {
  const value = (text ?? "").trim().toUpperCase();
  return /^[A-Z0-9-]{1,20}$/.test(value) ? value : undefined;
}

/** True for an order number; false for the reference of a checkout that was never paid. */
export function hasOrderNumber(orderNumber: string): boolean {
  return !orderNumber.startsWith(CHECKOUT_REFERENCE_PREFIX);
}

/**
 * What the owner reads for an order: its number, or for a checkout that was never paid
 * "Awaiting payment" (still open) or "Not paid" (cancelled or expired), without a number.
 */
export function unpaidLabel(orderNumber: string, order: OrderStates): string | undefined {
  if (hasOrderNumber(orderNumber)) return undefined;
  return isAwaitingPayment(order) ? "Awaiting payment" : "Not paid";
}
