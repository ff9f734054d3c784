import type { ShopSettings } from "~/policy/shop-settings";
import { BRAND } from "~/shared/brand";
import { formatPenceDecimal, type Pence } from "~/pricing/money";
import {
  KIDS_AGES,
  type Listing,
  type ListingAvailability,
  type ListingVariant,
  ukShippingQuotes,
} from "./listing";

/** schema.org data for search engines (X-SHOP-1), as plain objects; rendered by JsonLd. */

export type JsonLdObject = Record<string, unknown>;

export interface ReviewAggregate {
  count: number;
  /** The mean rating, 1-5. */
  average: number;
}

const SCHEMA = "https://schema.org/";

const AVAILABILITY: Record<ListingAvailability, string> = {
  "in-stock": `${SCHEMA}InStock`,
  "out-of-stock": `${SCHEMA}OutOfStock`,
  backorder: `${SCHEMA}BackOrder`,
};

/** A day as schema.org writes dates: "2026-12-24" (UTC). */
export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

const days = ([min, max]: readonly [number, number]) => ({
  "@type": "QuantitativeValue",
  minValue: min,
  maxValue: max,
  unitCode: "DAY",
});

/** How an item reaches a UK address (issue 55): each UK service the owner has on, its price for
 *  this item and its days, from the owner's settings (X-TRUE-2). */
export function shippingDetailsJsonLd(
  settings: ShopSettings,
  pricePence: Pence,
  handlingDays: readonly [number, number],
): JsonLdObject[] {
  return ukShippingQuotes(settings, pricePence).map((quote) => ({
    "@type": "OfferShippingDetails",
    shippingLabel: quote.service,
    shippingRate: {
      "@type": "MonetaryAmount",
      value: formatPenceDecimal(quote.pricePence),
      currency: "GBP",
    },
    shippingDestination: { "@type": "DefinedRegion", addressCountry: "GB" },
    deliveryTime: {
      "@type": "ShippingDeliveryTime",
      handlingTime: days(handlingDays),
      transitTime: days(quote.transitDays),
    },
  }));
}

/** The owner's returns (issue 55, X-OWN-5): in the UK, the owner's window, posted back, the
 *  postage the customer's (the returns page says so). */
export function returnPolicyJsonLd(returnDays: number): JsonLdObject {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: "GB",
    returnPolicyCountry: "GB",
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: returnDays,
    returnMethod: `${SCHEMA}ReturnByMail`,
    returnFees: `${SCHEMA}ReturnFeesCustomerResponsibility`,
  };
}

function variantOfferJsonLd(
  listing: Listing,
  variant: ListingVariant,
  settings: ShopSettings,
): JsonLdObject {
  const offer: JsonLdObject = {
    "@type": "Offer",
    url: listing.url,
    priceCurrency: "GBP",
    price: formatPenceDecimal(variant.pricePence),
    availability: AVAILABILITY[variant.availability],
    itemCondition: `${SCHEMA}NewCondition`,
    shippingDetails: shippingDetailsJsonLd(settings, variant.pricePence, variant.handlingDays),
    hasMerchantReturnPolicy: returnPolicyJsonLd(settings.returns.days),
  };
  // A genuine reduction only (X-TRUE-1): the former price struck through, until the sale ends.
  if (variant.wasPence !== null) {
    offer.priceSpecification = {
      "@type": "UnitPriceSpecification",
      priceType: `${SCHEMA}StrikethroughPrice`,
      price: formatPenceDecimal(variant.wasPence),
      priceCurrency: "GBP",
    };
    if (variant.saleEndsAt !== null) offer.priceValidUntil = isoDay(variant.saleEndsAt);
  }
  if (variant.availableFrom !== null) offer.availabilityStarts = isoDay(variant.availableFrom);
  return offer;
}

function audienceJsonLd(listing: Listing): JsonLdObject {
  const audience: JsonLdObject = {
    "@type": "PeopleAudience",
    suggestedGender: listing.gender,
  };
  if (listing.ageGroup === "kids") {
    audience.suggestedAge = {
      "@type": "QuantitativeValue",
      minValue: KIDS_AGES.min,
      maxValue: KIDS_AGES.max,
      unitCode: "ANN",
    };
  }
  return audience;
}

/**
 * A product page's structured data (X-SHOP-1, issue 55): a ProductGroup whose variants (option ×
 * size × colour) each carry their SKU, identifiers, size, colour, audience and an Offer with its
 * price, stock, delivery and returns. Its rating only from real reviews.
 */
export function productGroupJsonLd(
  listing: Listing,
  settings: ShopSettings,
  rating?: ReviewAggregate | null,
): JsonLdObject {
  const { product } = listing;
  const variesBy = [
    listing.variants.some((v) => v.optionType !== null) &&
      new Set(listing.variants.map((v) => v.optionType)).size > 1 &&
      `${SCHEMA}pattern`,
    listing.variants.some((v) => v.size !== null) && `${SCHEMA}size`,
    listing.variants.some((v) => v.color !== null) && `${SCHEMA}color`,
  ].filter((by): by is string => Boolean(by));
  const brand = { "@type": "Brand", name: BRAND.name };
  const audience = audienceJsonLd(listing);
  const data: JsonLdObject = {
    "@context": "https://schema.org",
    "@type": "ProductGroup",
    "@id": `${listing.url}#product`,
    name: product.name,
    description: product.description,
    url: listing.url,
    productGroupID: product.id,
    ...(variesBy.length && { variesBy }),
    brand,
    image: listing.images,
    audience,
    hasVariant: listing.variants.map((variant) => {
      // What every variant shares (description, brand, audience) is said once, on the group,
      // which Google reads for each variant: the page's HTML stays small (X-PERF-4).
      const item: JsonLdObject = {
        "@type": "Product",
        sku: variant.sku,
        name: variant.name,
        image: listing.images[0],
      };
      if (variant.gtin) item.gtin = variant.gtin;
      if (variant.mpn) item.mpn = variant.mpn;
      // The option (Rashguard, Shorts) as the pattern a variant comes in.
      if (variant.optionType !== null && variesBy.includes(`${SCHEMA}pattern`)) {
        item.pattern = variant.optionType;
      }
      if (variant.size !== null) item.size = variant.size;
      if (variant.color !== null) item.color = variant.color;
      item.offers = variantOfferJsonLd(listing, variant, settings);
      return item;
    }),
  };
  // Only real reviews give a rating: none is better than a made-up zero.
  if (rating && rating.count > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(rating.average * 10) / 10,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

export function breadcrumbJsonLd(
  trail: readonly { label: string; to: string }[],
  origin: string,
): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.label,
      item: `${origin}${crumb.to}`,
    })),
  };
}

/** The shop as search engines read it; who sells and how to reach them are the owner's settings
 *  (X-OWN-1). */
export function organizationJsonLd(
  origin: string,
  seller: {
    name: string;
    email: string;
    postalAddress: readonly string[];
    vatNumber: string | null;
    companyNumber: string | null;
    /** The owner's return window (X-OWN-5). */
    returnDays?: number;
  },
): JsonLdObject {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": `${origin}/#organization`,
    name: BRAND.name,
    slogan: BRAND.slogan,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    legalName: seller.name,
    email: seller.email,
    address: { "@type": "PostalAddress", streetAddress: seller.postalAddress.join(", ") },
    ...(seller.vatNumber ? { vatID: seller.vatNumber } : {}),
    ...(seller.companyNumber ? { identifier: seller.companyNumber } : {}),
    sameAs: [BRAND.instagram, BRAND.signUp],
    // Issue 55: the shop's returns, as Google shows them beside its listings.
    ...(seller.returnDays !== undefined && {
      hasMerchantReturnPolicy: returnPolicyJsonLd(seller.returnDays),
    }),
  };
}

/**
 * JSON for a <script type="application/ld+json">: "<" is escaped as \u003c, so no text in the
 * data (a product name, a review) can close the script element; U+2028/9 for old parsers.
 */
export function serialiseJsonLd(data: JsonLdObject | readonly JsonLdObject[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
