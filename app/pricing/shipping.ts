import type { Pence } from "./money";

/**
 * The shop's delivery figures (X-UK-1), in one place for the browser and the server: the checkout
 * page, the server's totals, Stripe, the e-mail and every policy page read them from here.
 */
export const SHIPPING_METHOD_IDS = ["uk-standard", "uk-express", "international"] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = "uk-standard";

export interface ShippingMethod {
  id: ShippingMethodId;
  /** What the customer sees, lead time included. */
  label: string;
  /** The service without the lead time ("UK express"). */
  name: string;
  leadTime: string;
  /** Charged per item (quantities summed) or once per order. */
  charge: { pence: Pence; per: "item" | "order" };
  /** UK methods deliver to UK addresses only; international to anywhere else. */
  destination: "uk" | "international";
  /** Free when the subtotal after discount reaches FREE_STANDARD_SHIPPING_FROM_PENCE. */
  freeOverThreshold: boolean;
}

/** Free UK standard delivery from this subtotal after discount (the product page's promise). */
export const FREE_STANDARD_SHIPPING_FROM_PENCE: Pence = 7500;

/** What the product page quotes for standard UK delivery (S-PDP-8, the specification's figure). */
export const PRODUCT_PAGE_DELIVERY_FROM_PENCE: Pence = 395;

export const SHIPPING_METHODS: Readonly<Record<ShippingMethodId, ShippingMethod>> = {
  "uk-standard": {
    id: "uk-standard",
    label: "UK standard (2-5 working days)",
    name: "UK standard",
    leadTime: "2-5 working days",
    charge: { pence: 399, per: "item" },
    destination: "uk",
    freeOverThreshold: true,
  },
  "uk-express": {
    id: "uk-express",
    label: "UK express (1-2 working days)",
    name: "UK express",
    leadTime: "1-2 working days",
    charge: { pence: 899, per: "order" },
    destination: "uk",
    freeOverThreshold: false,
  },
  international: {
    id: "international",
    label: "International (7-14 working days)",
    name: "International",
    leadTime: "7-14 working days",
    charge: { pence: 1599, per: "order" },
    destination: "international",
    freeOverThreshold: false,
  },
};

export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return typeof value === "string" && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);
}

export function shippingMethod(id: ShippingMethodId): ShippingMethod {
  return SHIPPING_METHODS[id];
}

/**
 * The delivery charge for an order: per item or per order, and nothing for UK standard once the
 * subtotal after discount is £75.00 or more. An empty order costs nothing to send.
 */
export function shippingChargePence(
  id: ShippingMethodId,
  items: number,
  subtotalAfterDiscountPence: Pence,
): Pence {
  if (items <= 0) return 0;
  const method = SHIPPING_METHODS[id];
  if (method.freeOverThreshold && subtotalAfterDiscountPence >= FREE_STANDARD_SHIPPING_FROM_PENCE) {
    return 0;
  }
  return method.charge.per === "item" ? method.charge.pence * items : method.charge.pence;
}

/** Names people type for the United Kingdom in the payment page's free-text country field. */
const UK_NAMES = new Set([
  "uk",
  "u k",
  "gb",
  "gbr",
  "united kingdom",
  "the united kingdom",
  "united kingdom of great britain and northern ireland",
  "great britain",
  "britain",
  "england",
  "scotland",
  "wales",
  "cymru",
  "northern ireland",
]);

/** True when a typed country (or an ISO code such as Stripe's "GB") is the United Kingdom. */
export function isUkCountry(country: string): boolean {
  const key = country
    .toLowerCase()
    .replace(/[.,()]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return UK_NAMES.has(key);
}

/**
 * Why an address cannot take a method, in words for a person, or null when it can. UK methods
 * deliver inside the United Kingdom only; international delivery is for everywhere else.
 */
export function destinationProblem(id: ShippingMethodId, country: string): string | null {
  const method = SHIPPING_METHODS[id];
  // A blank country means the payment page's default, the United Kingdom, for UK methods.
  if (!country.trim()) {
    return method.destination === "uk"
      ? null
      : "Please enter the country the parcel is going to for international delivery.";
  }
  const uk = isUkCountry(country);
  if (method.destination === "uk" && !uk) {
    return `${method.name} delivery is for addresses in the United Kingdom. Please enter a UK address, or go back to the checkout and choose international delivery for ${country.trim()}.`;
  }
  if (method.destination === "international" && uk) {
    return "International delivery is for addresses outside the United Kingdom. Please go back to the checkout and choose UK standard or UK express delivery.";
  }
  return null;
}

/**
 * Countries Stripe Checkout may collect an address in, per method (ISO 3166-1 alpha-2). UK methods:
 * the United Kingdom only. International: the countries we ship to outside it.
 */
// prettier-ignore
export const INTERNATIONAL_COUNTRIES = [
  "IE", "FR", "DE", "ES", "PT", "IT", "NL", "BE", "LU", "AT", "CH", "DK", "SE", "NO", "FI", "IS",
  "PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG", "GR", "CY", "MT", "EE", "LV", "LT", "JE", "GG",
  "IM", "GI", "US", "CA", "AU", "NZ", "JP", "KR", "SG", "HK", "AE", "IL", "ZA", "BR", "MX",
] as const;

export function allowedCountries(id: ShippingMethodId): readonly string[] {
  return SHIPPING_METHODS[id].destination === "uk" ? ["GB"] : INTERNATIONAL_COUNTRIES;
}
