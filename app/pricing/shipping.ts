import type { Pence } from "./money";

/**
 * The shop's delivery figures (X-UK-1), in one place for the browser and the server: the checkout
 * page, the server's totals, Stripe, the e-mail and every policy page read them from here.
 */
export const SHIPPING_METHOD_IDS = ["uk-standard", "uk-express", "international"] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = "uk-standard";

/** What the owner sets for one method (X-TRUE-2, `/admin/settings`): on or off, its charge, its
 *  lead time. The service's name and where it delivers stay fixed (SHIPPING_METHODS below). */
export interface DeliveryMethodSetting {
  id: ShippingMethodId;
  enabled: boolean;
  pricePence: Pence;
  per: "item" | "order";
  leadTime: string;
}

/** The shop's delivery figures as the owner set them (the settings' `delivery`). */
export interface DeliverySettings {
  methods: readonly DeliveryMethodSetting[];
  /** Free UK standard delivery from this subtotal after discount; null: never free. */
  freeStandardFromPence: Pence | null;
}

/** A fresh shop's delivery: the specification's checkout (S-CHK-2, X-UK-1) until the owner saves. */
export const DEFAULT_DELIVERY: DeliverySettings = {
  methods: [
    {
      id: "uk-standard",
      enabled: true,
      pricePence: 399,
      per: "item",
      leadTime: "2-5 working days",
    },
    {
      id: "uk-express",
      enabled: true,
      pricePence: 899,
      per: "order",
      leadTime: "1-2 working days",
    },
    {
      id: "international",
      enabled: true,
      pricePence: 1599,
      per: "order",
      leadTime: "7-14 working days",
    },
  ],
  freeStandardFromPence: 7500,
};

/** What the product page of a fresh shop quotes for standard UK delivery (S-PDP-8, the
 *  specification's own figure): demo content until the owner saves the delivery settings. */
export const DEMO_PRODUCT_PAGE_DELIVERY_FROM_PENCE: Pence = 395;

export interface ShippingMethod {
  id: ShippingMethodId;
  /** The service without the lead time ("UK express"). */
  name: string;
  /** UK methods deliver to UK addresses only; international to anywhere else. */
  destination: "uk" | "international";
  /** Free when the subtotal after discount reaches the settings' freeStandardFromPence. */
  freeOverThreshold: boolean;
}

export const SHIPPING_METHODS: Readonly<Record<ShippingMethodId, ShippingMethod>> = {
  "uk-standard": {
    id: "uk-standard",
    name: "UK standard",
    destination: "uk",
    freeOverThreshold: true,
  },
  "uk-express": {
    id: "uk-express",
    name: "UK express",
    destination: "uk",
    freeOverThreshold: false,
  },
  international: {
    id: "international",
    name: "International",
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

/** The owner's setting for a method (the default's when a stored one lacks it). */
export function methodSetting(
  id: ShippingMethodId,
  delivery: DeliverySettings,
): DeliveryMethodSetting {
  return (
    delivery.methods.find((method) => method.id === id) ??
    DEFAULT_DELIVERY.methods.find((method) => method.id === id)!
  );
}

/** What the customer sees: "UK standard (2-5 working days)". */
export function methodLabel(id: ShippingMethodId, delivery: DeliverySettings): string {
  return `${SHIPPING_METHODS[id].name} (${methodSetting(id, delivery).leadTime})`;
}

/** The methods a customer may choose now, in the shop's order. */
export function enabledMethods(delivery: DeliverySettings): ShippingMethodId[] {
  return SHIPPING_METHOD_IDS.filter((id) => methodSetting(id, delivery).enabled);
}

/**
 * The delivery charge for an order: per item or per order, and nothing for UK standard once the
 * subtotal after discount reaches the owner's threshold. An empty order costs nothing to send.
 */
export function shippingChargePence(
  id: ShippingMethodId,
  items: number,
  subtotalAfterDiscountPence: Pence,
  delivery: DeliverySettings,
): Pence {
  if (items <= 0) return 0;
  const method = SHIPPING_METHODS[id];
  const setting = methodSetting(id, delivery);
  if (
    method.freeOverThreshold &&
    delivery.freeStandardFromPence !== null &&
    subtotalAfterDiscountPence >= delivery.freeStandardFromPence
  ) {
    return 0;
  }
  return setting.per === "item" ? setting.pricePence * items : setting.pricePence;
}

/** Names people type for the United Kingdom in the payment page's free-text country field. */
const UK_NAMES = /* @__PURE__ */ new Set([
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
