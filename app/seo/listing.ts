import type { Product } from "~/catalogue/types";
import type { ShopSettings } from "~/policy/shop-settings";
import type { Pence } from "~/pricing/money";
import {
  type DeliveryMethodSetting,
  methodSetting,
  SHIPPING_METHODS,
  type ShippingMethodId,
} from "~/pricing/shipping";

/**
 * A product as Google's merchant listings and the feed read it (issue 55): its variants with
 * their price, "was" price, stock and identifiers, built once (app/flows/listings/) and written
 * out as structured data (structured-data.ts) and as the feed (feed.ts).
 */

export type ListingAvailability = "in-stock" | "out-of-stock" | "backorder";

export interface ListingVariant {
  sku: string;
  gtin: string | null;
  mpn: string | null;
  /** null for a product without options. */
  optionType: string | null;
  /** null for "N/A". */
  size: string | null;
  color: string | null;
  /** "Storm Rashguard, Rashguard, M, Black". */
  name: string;
  /** The selling price now. */
  pricePence: Pence;
  /** The genuine former price (X-TRUE-1) while the variant is reduced; null otherwise. */
  wasPence: Pence | null;
  /** The running sale's end (epoch ms) when the reduction is a sale's that has one. */
  saleEndsAt: number | null;
  availability: ListingAvailability;
  /** Working days from the order to dispatch: from stock, or made to order (X-STK-2). */
  handlingDays: readonly [number, number];
  /** A made-to-order variant: the day it could be dispatched if ordered now (epoch ms). */
  availableFrom: number | null;
}

export type ListingGender = "male" | "female" | "unisex";
export type ListingAgeGroup = "adult" | "kids";

export interface Listing {
  product: Product;
  /** The product page, absolute. */
  url: string;
  /** Absolute addresses of JPEG or PNG pictures, the first the main one. */
  images: readonly string[];
  /** The pictures are the owner's photos (else the drawings as PNGs). */
  photographed: boolean;
  variants: readonly ListingVariant[];
  gender: ListingGender;
  ageGroup: ListingAgeGroup;
  /** Google's product category, as its taxonomy's path. */
  googleCategory: string;
  /** The shop's own category path ("Mens > No-Gi"). */
  productType: string;
  /** Apparel: Google asks for colour, size, gender and age group. */
  apparel: boolean;
}

/** The working days a lead time speaks of: "2-5 working days" → [2, 5]; "3-6 weeks" → [15, 30]. */
export function leadTimeDays(text: string): [number, number] {
  const numbers = text.match(/\d+/g)?.map(Number) ?? [];
  if (!numbers.length) return [0, 0];
  const scale = /week/i.test(text) ? 5 : 1;
  return [Math.min(...numbers) * scale, Math.max(...numbers) * scale];
}

/** One UK delivery service as Google reads it: what this item costs to send, and how long. */
export interface ShippingQuote {
  id: ShippingMethodId;
  service: string;
  pricePence: Pence;
  transitDays: readonly [number, number];
}

const UK_METHODS = ["uk-standard", "uk-express"] as const;

/**
 * What it costs to send one item of `pricePence` within the UK (issue 55), by each service the
 * owner has on: the owner's charge, or nothing for standard delivery when the item alone reaches
 * the free-delivery threshold.
 */
export function ukShippingQuotes(settings: ShopSettings, pricePence: Pence): ShippingQuote[] {
  const { delivery } = settings;
  return UK_METHODS.map((id) => methodSetting(id, delivery))
    .filter((method: DeliveryMethodSetting) => method.enabled)
    .map((method) => {
      const free =
        SHIPPING_METHODS[method.id].freeOverThreshold &&
        delivery.freeStandardFromPence !== null &&
        pricePence >= delivery.freeStandardFromPence;
      return {
        id: method.id,
        service: SHIPPING_METHODS[method.id].name,
        pricePence: free ? 0 : method.pricePence,
        transitDays: leadTimeDays(method.leadTime),
      };
    });
}

/** The garment kinds Google counts as clothing (colour, size, gender and age group asked for). */
const APPAREL_KINDS = new Set(["no-gi-set", "gi", "sliders", "hoodie", "thai-shorts"]);

/** Google's product taxonomy, by what the product is. */
const GOOGLE_CATEGORY: Record<string, string> = {
  "no-gi-set": "Apparel & Accessories > Clothing > Activewear",
  gi: "Apparel & Accessories > Clothing > Activewear",
  sliders: "Apparel & Accessories > Shoes",
  hoodie: "Apparel & Accessories > Clothing > Activewear",
  "thai-shorts": "Apparel & Accessories > Clothing > Activewear",
  "gym-bag": "Luggage & Bags > Gym Duffel Bags",
  "equipment-bag": "Luggage & Bags > Gym Duffel Bags",
  "mouth-guard":
    "Sporting Goods > Athletics > Boxing & Martial Arts > Boxing & Martial Arts Protective Gear",
  "knee-pads":
    "Sporting Goods > Athletics > Boxing & Martial Arts > Boxing & Martial Arts Protective Gear",
  "water-bottle": "Home & Garden > Kitchen & Dining > Food & Beverage Carriers > Water Bottles",
  journal: "Office Supplies > General Office Supplies > Paper Products > Notebooks & Notepads",
  patches:
    "Arts & Entertainment > Hobbies & Creative Arts > Arts & Crafts > Art & Crafting Materials > Embellishments & Trims > Appliques & Patches",
  "wash-kit": "Health & Beauty > Personal Care",
};

export function isApparel(product: Pick<Product, "kind">): boolean {
  return APPAREL_KINDS.has(product.kind);
}

export function googleCategoryOf(product: Pick<Product, "kind">): string {
  return GOOGLE_CATEGORY[product.kind] ?? "Sporting Goods > Athletics > Boxing & Martial Arts";
}

/** Who the product is for: men's, women's or anyone's; kids' for the kids' range. */
export function audienceOf(product: Pick<Product, "group">): {
  gender: ListingGender;
  ageGroup: ListingAgeGroup;
} {
  return {
    gender: product.group === "mens" ? "male" : product.group === "womens" ? "female" : "unisex",
    ageGroup: product.group === "kids" ? "kids" : "adult",
  };
}

/** The ages Google's "kids" group means (5 to 13 years). */
export const KIDS_AGES = { min: 5, max: 13 } as const;
