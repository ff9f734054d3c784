import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { makeCatalogue } from "~/catalogue/catalogue";
import { SEED_PRODUCTS } from "~/catalogue/seed";
import { seedCatalogue, seeded, SEED_TIME } from "~/catalogue/seed/catalogue";
import { SEED_SITE } from "~/catalogue/seed/sql";
import type { Product } from "~/catalogue/types";
import { defaultVariantSku, gtinCheckDigitOk, variantsOf } from "~/catalogue/variants";
import { DEFAULT_SETTINGS_STATE, DEFAULT_SHOP_SETTINGS } from "~/policy/shop-settings";
import { feedWarnings, feedXml } from "~/seo/feed";
import type { Listing } from "~/seo/listing";
import { productGroupJsonLd } from "~/seo/structured-data";
import { variantKey } from "~/stock/stock";
import { buildListing } from "./listing";

const origin = "https://shop.example";
const now = SEED_TIME;
const DAY = 24 * 60 * 60 * 1000;
const settings = DEFAULT_SHOP_SETTINGS;

type Json = Record<string, unknown>;
const variantsIn = (data: Json) => data.hasVariant as Json[];
const offerOf = (variant: Json) => variant.offers as Json;

/** Every variant of a product stocked with `quantity` (a number) or made to order (undefined). */
function levelsFor(product: Product, quantity: (size: string) => number | undefined) {
  const levels: Record<string, number> = {};
  for (const v of variantsOf(product)) {
    const left = quantity(v.size);
    if (left !== undefined) levels[variantKey({ productId: product.id, ...v })] = left;
  }
  return levels;
}

const FEED_FIELDS = [
  "g:id",
  "g:item_group_id",
  "g:title",
  "g:description",
  "g:link",
  "g:image_link",
  "g:price",
  "g:availability",
  "g:brand",
  "g:condition",
  "g:gender",
  "g:age_group",
  "g:google_product_category",
  "g:product_type",
  "g:shipping",
] as const;

function parsedItems(xml: string): Json[] {
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml) as {
    rss: { "@_version": string; "@_xmlns:g": string; channel: { item: Json | Json[] } };
  };
  expect(parsed.rss["@_version"]).toBe("2.0");
  expect(parsed.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  const items = parsed.rss.channel.item;
  return Array.isArray(items) ? items : [items];
}

const feedOf = (listings: Listing[], at = now) =>
  parsedItems(feedXml(listings, settings, origin, at));

describe("Google's merchant listings (issue 55)", () => {
  it("X-FIND-1: a product is a ProductGroup with one variant per option × size × colour, each with its SKU, size, colour and offer", () => {
    const hoodie = seeded("mens-grip-truth-hoodie");
    const listing = buildListing(hoodie, { origin, levels: {}, now });
    const data = productGroupJsonLd(listing, settings);
    expect(data).toMatchObject({
      "@type": "ProductGroup",
      productGroupID: "mens-grip-truth-hoodie",
      variesBy: ["https://schema.org/size", "https://schema.org/color"],
      audience: { "@type": "PeopleAudience", suggestedGender: "male" },
    });
    const variants = variantsIn(data);
    const option = hoodie.options[0]!;
    expect(variants).toHaveLength(option.sizes.length * option.colors!.length);
    const skus = variants.map((v) => v.sku);
    expect(new Set(skus).size).toBe(skus.length);
    expect(variants[0]).toMatchObject({
      "@type": "Product",
      sku: defaultVariantSku(hoodie.id, option.type, option.sizes[0]!, option.colors![0]!),
      size: option.sizes[0],
      color: option.colors![0],
      offers: {
        "@type": "Offer",
        priceCurrency: "GBP",
        price: "24.99",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
    // A set of two options varies by the option too, each variant naming its own.
    const set = productGroupJsonLd(
      buildListing(seeded("mens-england-no-gi-set"), { origin, levels: {}, now }),
      settings,
    );
    expect(set.variesBy).toContain("https://schema.org/pattern");
    expect(new Set(variantsIn(set).map((v) => v.pattern))).toEqual(
      new Set(["Rashguard", "Shorts"]),
    );
  });

  it("X-SHOP-1: AggregateRating appears only with reviews, averaged to one decimal", () => {
    const listing = buildListing(seeded("knee-pads"), { origin, levels: {}, now });
    expect(productGroupJsonLd(listing, settings, { count: 0, average: 0 })).not.toHaveProperty(
      "aggregateRating",
    );
    expect(
      productGroupJsonLd(listing, settings, { count: 3, average: 13 / 3 }).aggregateRating,
    ).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("X-FIND-1: the owner's SKU, GTIN and MPN are used; the shop's SKU stays the same and within 50 characters", () => {
    const gi = seeded("mens-grip-truth-bjj-gi");
    const size = gi.options[0]!.sizes[0]!;
    const owned: Product = {
      ...gi,
      variantIds: [
        { optionType: "Gi", size, color: "", sku: "GT-GI-A1", gtin: "5012345678900", mpn: null },
      ],
    };
    const [first, second] = buildListing(owned, { origin, levels: {}, now }).variants;
    expect(first).toMatchObject({ sku: "GT-GI-A1", gtin: "5012345678900", mpn: null });
    expect(second!.sku).toBe(defaultVariantSku(gi.id, "Gi", gi.options[0]!.sizes[1]!, ""));
    expect(defaultVariantSku(gi.id, "Gi", "A1", "")).toBe("MENS-GRIP-TRUTH-BJJ-GI-GI-A1");
    const long = defaultVariantSku(
      "a-very-long-product-name-for-a-very-long-test",
      "Rashguard",
      "XXL",
      "Midnight Blue",
    );
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).not.toBe(
      defaultVariantSku(
        "a-very-long-product-name-for-a-very-long-test",
        "Rashguard",
        "XXL",
        "Midnight Black",
      ),
    );
    expect(gtinCheckDigitOk("5012345678900")).toBe(true);
    expect(gtinCheckDigitOk("5012345678901")).toBe(false);
  });

  it("X-FIND-1: availability from stock: in stock, sold out, and made to order as a back order with its lead time", () => {
    const shorts = seeded("mens-grip-n-trip-thai-shorts");
    const [s1, s2] = shorts.options[0]!.sizes;
    const levels = levelsFor(shorts, (size) => (size === s1 ? 4 : size === s2 ? 0 : undefined));
    const listing = buildListing(shorts, { origin, levels, now });
    const data = productGroupJsonLd(listing, settings);
    const availability = (size: string) =>
      variantsIn(data)
        .filter((v) => v.size === size)
        .map((v) => offerOf(v).availability);
    expect(new Set(availability(s1!))).toEqual(new Set(["https://schema.org/InStock"]));
    expect(new Set(availability(s2!))).toEqual(new Set(["https://schema.org/OutOfStock"]));
    const made = variantsIn(data).find((v) => v.size === shorts.options[0]!.sizes[2]);
    expect(offerOf(made!)).toMatchObject({
      availability: "https://schema.org/BackOrder",
      // 3-6 weeks: 30 working days, 42 calendar days from now.
      availabilityStarts: new Date(now + 42 * DAY).toISOString().slice(0, 10),
    });
    // Made to order takes its lead time to dispatch; from stock 2-3 working days.
    const handling = (v: Json) =>
      ((offerOf(v).shippingDetails as Json[])[0]!.deliveryTime as Json).handlingTime;
    expect(handling(made!)).toMatchObject({ minValue: 15, maxValue: 30, unitCode: "DAY" });
    expect(handling(variantsIn(data).find((v) => v.size === s1)!)).toMatchObject({
      minValue: 2,
      maxValue: 3,
    });
    const items = feedOf([listing]);
    const item = (size: string, color: string) =>
      items.find((i) => i["g:size"] === size && i["g:color"] === color)!;
    const colour = shorts.options[0]!.colors![0]!;
    expect(item(s1!, colour)["g:availability"]).toBe("in_stock");
    expect(item(s2!, colour)["g:availability"]).toBe("out_of_stock");
    expect(item(shorts.options[0]!.sizes[2]!, colour)).toMatchObject({
      "g:availability": "backorder",
      "g:availability_date": new Date(now + 42 * DAY).toISOString().replace(".000Z", "Z"),
    });
  });

  it("X-FIND-2: delivery and returns follow the owner's settings; standard delivery is free once the item reaches the threshold", () => {
    const hoodie = seeded("mens-grip-truth-hoodie");
    const listing = buildListing(hoodie, { origin, levels: {}, now });
    const offer = offerOf(variantsIn(productGroupJsonLd(listing, settings))[0]!);
    expect(offer.shippingDetails).toEqual([
      expect.objectContaining({
        shippingLabel: "UK standard",
        shippingRate: { "@type": "MonetaryAmount", value: "3.99", currency: "GBP" },
        shippingDestination: { "@type": "DefinedRegion", addressCountry: "GB" },
      }),
      expect.objectContaining({
        shippingLabel: "UK express",
        shippingRate: { "@type": "MonetaryAmount", value: "8.99", currency: "GBP" },
      }),
    ]);
    expect(offer.hasMerchantReturnPolicy).toEqual({
      "@type": "MerchantReturnPolicy",
      applicableCountry: "GB",
      returnPolicyCountry: "GB",
      returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
      merchantReturnDays: 30,
      returnMethod: "https://schema.org/ReturnByMail",
      returnFees: "https://schema.org/ReturnFeesCustomerResponsibility",
    });
    const changed = {
      ...settings,
      returns: { days: 60 },
      delivery: {
        freeStandardFromPence: 2000,
        methods: settings.delivery.methods.map((m) =>
          m.id === "uk-express" ? { ...m, enabled: false } : m,
        ),
      },
    };
    const after = offerOf(variantsIn(productGroupJsonLd(listing, changed))[0]!);
    expect(after.shippingDetails).toEqual([
      expect.objectContaining({
        shippingRate: { "@type": "MonetaryAmount", value: "0.00", currency: "GBP" },
      }),
    ]);
    expect(after.hasMerchantReturnPolicy).toMatchObject({ merchantReturnDays: 60 });
    const [item] = parsedItems(feedXml([listing], changed, origin, now));
    expect(item!["g:shipping"]).toMatchObject({
      "g:country": "GB",
      "g:service": "UK standard",
      "g:price": "0.00 GBP",
      "g:min_transit_time": "2",
      "g:max_transit_time": "5",
    });
    expect(item!["g:free_shipping_threshold"]).toEqual({
      "g:country": "GB",
      "g:price_threshold": "20.00 GBP",
    });
  });

  it("X-FIND-3: a sale with an end: the reduced price, the former price struck through, valid until the end; in the feed the sale price and its dates", () => {
    const endsAt = now + 10 * DAY;
    const catalogue = seedCatalogue(now, [
      { id: "s", name: "Winter", percent: 20, startsAt: now - DAY, endsAt },
    ]);
    const hoodie = catalogue.all.get("mens-grip-truth-hoodie")!;
    const listing = buildListing(hoodie, { origin, levels: {}, now });
    const offer = offerOf(variantsIn(productGroupJsonLd(listing, settings))[0]!);
    expect(offer).toMatchObject({
      price: "19.99",
      priceValidUntil: new Date(endsAt).toISOString().slice(0, 10),
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        priceType: "https://schema.org/StrikethroughPrice",
        price: "24.99",
        priceCurrency: "GBP",
      },
    });
    const [item] = feedOf([listing]);
    expect(item).toMatchObject({
      "g:price": "24.99 GBP",
      "g:sale_price": "19.99 GBP",
      "g:sale_price_effective_date": `${new Date(now).toISOString().replace(".000Z", "Z")}/${new Date(endsAt).toISOString().replace(".000Z", "Z")}`,
    });
    // A sale without an end: struck through, but no date it is valid until.
    const open = seedCatalogue(now, [{ id: "o", name: "Open", percent: 20 }]);
    const openOffer = offerOf(
      variantsIn(
        productGroupJsonLd(
          buildListing(open.all.get("mens-grip-truth-hoodie")!, { origin, levels: {}, now }),
          settings,
        ),
      )[0]!,
    );
    expect(openOffer.priceSpecification).toBeDefined();
    expect(openOffer).not.toHaveProperty("priceValidUntil");
  });

  it("X-FIND-3: a 'was' price the history does not back is not a reduction: no struck-through price, no sale price", () => {
    // The seed's set is "reduced" from £44.99 as demo content; once the demo is removed, with
    // no price history behind it, it is not a reduction.
    const catalogue = makeCatalogue(SEED_PRODUCTS, SEED_SITE, [], now, {
      ...DEFAULT_SETTINGS_STATE,
      demoRemoved: true,
    });
    const listing = buildListing(catalogue.all.get("mens-england-no-gi-set")!, {
      origin,
      levels: {},
      now,
    });
    for (const variant of variantsIn(productGroupJsonLd(listing, settings))) {
      expect(offerOf(variant)).not.toHaveProperty("priceSpecification");
      expect(offerOf(variant)).not.toHaveProperty("priceValidUntil");
    }
    for (const item of feedOf([listing])) expect(item).not.toHaveProperty("g:sale_price");
  });

  it("X-FIND-1: kids' items are for kids of 5 to 13, of any gender; accessories for adults of any gender", () => {
    const kids = buildListing(seeded("kids-grip-truth-bjj-gi"), { origin, levels: {}, now });
    expect(productGroupJsonLd(kids, settings).audience).toEqual({
      "@type": "PeopleAudience",
      suggestedGender: "unisex",
      suggestedAge: { "@type": "QuantitativeValue", minValue: 5, maxValue: 13, unitCode: "ANN" },
    });
    expect(feedOf([kids])[0]).toMatchObject({ "g:gender": "unisex", "g:age_group": "kids" });
    const bag = buildListing(seeded("premium-gym-bag"), { origin, levels: {}, now });
    const [item] = feedOf([bag]);
    expect(item).toMatchObject({
      "g:gender": "unisex",
      "g:age_group": "adult",
      "g:product_type": "Accessories > Bags & Storage",
    });
    // A product without options is one variant, with neither size nor colour.
    expect(item).not.toHaveProperty("g:size");
    expect(bag.variants).toHaveLength(1);
  });

  it("X-FIND-4: without photos the pictures are the drawings as PNGs; with photos the owner's as JPEGs; never SVG", () => {
    const gi = seeded("mens-grip-truth-bjj-gi");
    const drawn = buildListing(gi, { origin, levels: {}, now });
    expect(drawn.images.length).toBeGreaterThan(0);
    for (const image of drawn.images)
      expect(image).toMatch(
        /^https:\/\/shop\.example\/images\/products\/mens-grip-truth-bjj-gi\/[a-z]+\.png$/,
      );
    const photoId = "0f8c2f6e-1111-4222-8333-944444444444";
    const photographed = buildListing(
      {
        ...gi,
        photos: [
          {
            id: photoId,
            alt: "The gi",
            color: null,
            width: 2000,
            height: 2000,
            avif: [],
            webp: [
              { url: `/photos/${photoId}/1200-0123456789abcdef.webp`, width: 1200, height: 1200 },
            ],
            placeholder: null,
          },
        ],
      },
      { origin, levels: {}, now },
    );
    expect(photographed.images).toEqual([`${origin}/images/photos/${photoId}.jpg`]);
    const xml = feedXml([drawn, photographed], settings, origin, now);
    expect(xml).not.toMatch(/\.svg/);
    const [drawnItem] = feedOf([drawn]);
    expect(drawnItem!["g:image_link"]).toBe(drawn.images[0]);
    expect(drawnItem!["g:additional_image_link"]).toEqual(
      drawn.images.slice(1).length === 1 ? drawn.images[1] : drawn.images.slice(1),
    );
    expect(feedWarnings(drawn, drawn.variants[0]!)).toContain("drawing");
    expect(feedWarnings(photographed, photographed.variants[0]!)).not.toContain("drawing");
  });

  it("X-FIND-4: missing identifiers say so (identifier_exists no, a warning); a GTIN or MPN is sent instead", () => {
    const gi = seeded("mens-grip-truth-bjj-gi");
    const [a, b] = gi.options[0]!.sizes;
    const listing = buildListing(
      {
        ...gi,
        variantIds: [
          { optionType: "Gi", size: a!, color: "", sku: null, gtin: "5012345678900", mpn: null },
          { optionType: "Gi", size: b!, color: "", sku: null, gtin: null, mpn: "GT-GI-2024" },
        ],
      },
      { origin, levels: {}, now },
    );
    const items = feedOf([listing]);
    expect(items[0]).toMatchObject({ "g:gtin": "5012345678900" });
    expect(items[0]).not.toHaveProperty("g:identifier_exists");
    expect(items[1]).toMatchObject({ "g:mpn": "GT-GI-2024" });
    expect(items[2]).toMatchObject({ "g:identifier_exists": "no" });
    expect(feedWarnings(listing, listing.variants[2]!)).toContain("no-identifier");
    expect(feedWarnings(listing, listing.variants[0]!)).not.toContain("no-identifier");
    const jsonLd = variantsIn(productGroupJsonLd(listing, settings));
    expect(jsonLd[0]!.gtin).toBe("5012345678900");
    expect(jsonLd[1]!.mpn).toBe("GT-GI-2024");
    expect(jsonLd[2]).not.toHaveProperty("gtin");
  });

  it("X-FIND-4: the whole seed's feed parses, one item per variant, each with Google's fields", () => {
    const catalogue = seedCatalogue(now);
    const listings = catalogue.products.map((p) => buildListing(p, { origin, levels: {}, now }));
    const items = feedOf(listings);
    expect(items).toHaveLength(listings.reduce((sum, l) => sum + l.variants.length, 0));
    const ids = items.map((item) => item["g:id"]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const item of items) {
      for (const field of FEED_FIELDS)
        expect(item, `${String(item["g:id"])} ${field}`).toHaveProperty(field);
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} GBP$/);
      expect(String(item["g:id"]).length).toBeLessThanOrEqual(50);
    }
  });
});
