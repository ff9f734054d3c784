import type { ShopSettings } from "~/policy/shop-settings";
import { formatPenceDecimal, type Pence } from "~/pricing/money";
import { BRAND } from "~/shared/brand";
import type { Listing, ListingAvailability, ListingVariant } from "./listing";
import { ukShippingQuotes } from "./listing";
import { escapeXml } from "~/shared/escape";

/**
 * The product feed (issue 55, `GET /feeds/google.xml`): RSS 2.0 with Google's `g:` namespace, one
 * item per variant, for Google Merchant Center (free listings and Shopping ads), Meta and the
 * comparison sites that read the same format.
 */

export const FEED_PATH = "/feeds/google.xml";
export const GOOGLE_NS = "http://base.google.com/ns/1.0";

const money = (pence: Pence) => `${formatPenceDecimal(pence)} GBP`;

const FEED_AVAILABILITY: Record<ListingAvailability, string> = {
  "in-stock": "in_stock",
  "out-of-stock": "out_of_stock",
  backorder: "backorder",
};

/** ISO 8601 with the time zone, as Google's date attributes want: "2026-12-24T00:00:00Z". */
const isoTime = (epochMs: number) => new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, "Z");

/** What Google would warn about for one variant (shown on /admin/feeds; docs/selling-elsewhere.md). */
export type FeedWarning = "no-identifier" | "drawing" | "no-colour";

export const FEED_WARNINGS: Record<FeedWarning, string> = {
  "no-identifier":
    "No GTIN or MPN: listed as without identifiers; a barcode's GTIN helps it show more often.",
  drawing: "No photo: Google is sent the drawing, and may refuse a picture that is not a photo.",
  "no-colour": "No colour: Google asks for the colour of clothing; add colours to the option.",
};

export function feedWarnings(listing: Listing, variant: ListingVariant): FeedWarning[] {
  const warnings: FeedWarning[] = [];
  if (!variant.gtin && !variant.mpn) warnings.push("no-identifier");
  if (!listing.photographed) warnings.push("drawing");
  if (listing.apparel && !variant.color) warnings.push("no-colour");
  return warnings;
}

function tag(name: string, value: string | number): string {
  return `<g:${name}>${escapeXml(String(value))}</g:${name}>`;
}

function itemXml(
  listing: Listing,
  variant: ListingVariant,
  settings: ShopSettings,
  now: number,
): string {
  const { product } = listing;
  const lines: string[] = [
    tag("id", variant.sku),
    tag("item_group_id", product.id),
    tag("title", variant.name.slice(0, 150)),
    tag("description", product.description.slice(0, 5000)),
    tag("link", listing.url),
  ];
  const [image, ...more] = listing.images;
  if (image) lines.push(tag("image_link", image));
  for (const extra of more.slice(0, 10)) lines.push(tag("additional_image_link", extra));
  // A genuine reduction only (X-TRUE-1): the former price, and the price now as the sale price.
  if (variant.wasPence !== null) {
    lines.push(tag("price", money(variant.wasPence)), tag("sale_price", money(variant.pricePence)));
    if (variant.saleEndsAt !== null && variant.saleEndsAt > now) {
      lines.push(
        tag("sale_price_effective_date", `${isoTime(now)}/${isoTime(variant.saleEndsAt)}`),
      );
    }
  } else {
    lines.push(tag("price", money(variant.pricePence)));
  }
  lines.push(tag("availability", FEED_AVAILABILITY[variant.availability]));
  if (variant.availableFrom !== null) {
    lines.push(tag("availability_date", isoTime(variant.availableFrom)));
  }
  lines.push(tag("brand", BRAND.name));
  if (variant.gtin) lines.push(tag("gtin", variant.gtin));
  if (variant.mpn) lines.push(tag("mpn", variant.mpn));
  if (!variant.gtin && !variant.mpn) lines.push(tag("identifier_exists", "no"));
  lines.push(tag("condition", "new"));
  if (variant.size !== null) lines.push(tag("size", variant.size));
  if (variant.color !== null) lines.push(tag("color", variant.color));
  lines.push(
    tag("gender", listing.gender),
    tag("age_group", listing.ageGroup),
    tag("google_product_category", listing.googleCategory),
    tag("product_type", listing.productType),
  );
  for (const quote of ukShippingQuotes(settings, variant.pricePence)) {
    lines.push(
      [
        "<g:shipping>",
        tag("country", "GB"),
        tag("service", quote.service),
        tag("price", money(quote.pricePence)),
        tag("min_handling_time", variant.handlingDays[0]),
        tag("max_handling_time", variant.handlingDays[1]),
        tag("min_transit_time", quote.transitDays[0]),
        tag("max_transit_time", quote.transitDays[1]),
        "</g:shipping>",
      ].join(""),
    );
  }
  if (
    settings.delivery.freeStandardFromPence !== null &&
    ukShippingQuotes(settings, 0).some((q) => q.id === "uk-standard")
  ) {
    lines.push(
      `<g:free_shipping_threshold>${tag("country", "GB")}${tag("price_threshold", money(settings.delivery.freeStandardFromPence))}</g:free_shipping_threshold>`,
    );
  }
  return `<item>\n  ${lines.join("\n  ")}\n</item>`;
}

/** The whole feed: one item per variant of every listing, in the shop's order. */
export function feedXml(
  listings: readonly Listing[],
  settings: ShopSettings,
  origin: string,
  now: number,
): string {
  const items = listings.flatMap((listing) =>
    listing.variants.map((variant) => itemXml(listing, variant, settings, now)),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    "<channel>",
    `<title>${escapeXml(BRAND.name)}</title>`,
    `<link>${escapeXml(`${origin}/`)}</link>`,
    `<description>${escapeXml(`${BRAND.name}: ${BRAND.slogan}`)}</description>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
