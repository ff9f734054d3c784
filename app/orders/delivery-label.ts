import type { PostalAddress } from "./schema";
import { type DeliverySettings, methodLabel, type ShippingMethodId } from "~/pricing/shipping";

/** A team's delivery address on one line: "Riptide BJJ, 1 Dojo Road, Leeds LS1 1AA". */
export function addressOnOneLine(address: string): string {
  return address
    .split(/\r?\n/)
    .map((part) => part.trim().replace(/,$/, ""))
    .filter(Boolean)
    .join(", ");
}

/**
 * The order's delivery in words, the one sentence every e-mail, page, slip and CSV shows: the
 * method with its lead time, or, for an order delivered with its team (X-TEAM-6), "With your
 * team to <address>".
 */
export function deliveryLabel(
  order: { shippingMethod: ShippingMethodId; teamDeliveryAddress?: string | null },
  delivery: DeliverySettings,
): string {
  return order.teamDeliveryAddress
    ? `With your team to ${addressOnOneLine(order.teamDeliveryAddress)}`
    : methodLabel(order.shippingMethod, delivery);
}

const SHORT_NAMES: Record<ShippingMethodId, string> = {
  "uk-standard": "Standard",
  "uk-express": "Express",
  international: "International",
};

/**
 * The delivery in one word or two, for the owner's lists and badges (X-DAY-3): the method, or
 * "With the team" for an order delivered with its team (issue 53), which was charged no method.
 */
export function deliveryShortName(order: { shippingMethod: string; withTeam: boolean }): string {
  if (order.withTeam) return "With the team";
  return SHORT_NAMES[order.shippingMethod as ShippingMethodId] ?? order.shippingMethod;
}

/** An address's lines as a label shows them: the name, each line of the street address (a
 *  team's address is several), town, postcode and country, without empty ones. */
export function postalLines(address: PostalAddress | null | undefined): string[] {
  if (!address) return [];
  return [
    `${address.firstName} ${address.lastName}`,
    ...address.address.split(/\r?\n/),
    address.city,
    address.postcode,
    address.country,
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}
