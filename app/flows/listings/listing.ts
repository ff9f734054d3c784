import type { Product } from "~/catalogue/types";
import { CATEGORY_LABELS } from "~/catalogue";
import { NO_SIZE, STANDARD_OPTION } from "~/catalogue/options";
import { variantsOf } from "~/catalogue/variants";
import { previewPngOf } from "~/catalogue/art/pictures";
import { photoJpegPath } from "~/catalogue/photos/urls";
import {
  audienceOf,
  googleCategoryOf,
  isApparel,
  leadTimeDays,
  type Listing,
  type ListingAvailability,
  type ListingVariant,
} from "~/seo/listing";
import { LEAD_TIMES, type StockLevels, variantKey } from "~/stock/stock";

/**
 * A product as Google reads it (issue 55): the catalogue's variants with the stock's availability
 * and lead times, the prices the catalogue sells at now (a "was" price only where the price
 * history backs it, X-TRUE-1) and raster pictures (never SVG). One place for the product page's
 * structured data and the feed.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The working days to dispatch: from stock, or made to order (the product page's words). */
export const HANDLING_DAYS = {
  inStock: leadTimeDays(LEAD_TIMES.inStock),
  madeToOrder: leadTimeDays(LEAD_TIMES.madeToOrder),
} as const;

/** Calendar days a number of working days spans at most (5 working days a week). */
const calendarDays = (workingDays: number) => Math.ceil((workingDays * 7) / 5);

/** The product's pictures as JPEG or PNG: the owner's photos, else its drawings as PNGs. */
export function rasterPictures(product: Product, origin: string): string[] {
  if (product.photos?.length) return product.photos.map((p) => `${origin}${photoJpegPath(p.id)}`);
  return product.images.map((image) => `${origin}${previewPngOf(image.src)}`);
}

export function buildListing(
  product: Product,
  { origin, levels, now }: { origin: string; levels: StockLevels; now: number },
): Listing {
  const { gender, ageGroup } = audienceOf(product);
  const variants = variantsOf(product).map((variant): ListingVariant => {
    const left = levels[variantKey({ productId: product.id, ...variant })];
    // No figure: made to order (X-STK-1), sold as a back order with its lead time.
    const availability: ListingAvailability =
      left === undefined ? "backorder" : left > 0 ? "in-stock" : "out-of-stock";
    const handlingDays =
      availability === "backorder" ? HANDLING_DAYS.madeToOrder : HANDLING_DAYS.inStock;
    const pricePence = variant.option?.pricePence ?? product.pricePence;
    const wasPence = variant.option
      ? (variant.option.compareAtPricePence ?? null)
      : (product.originalPricePence ?? null);
    const optionType = variant.optionType === STANDARD_OPTION ? null : variant.optionType;
    const size = variant.size === NO_SIZE ? null : variant.size;
    const color = variant.color || null;
    return {
      sku: variant.sku,
      gtin: variant.gtin,
      mpn: variant.mpn,
      optionType,
      size,
      color,
      name: [
        product.name,
        product.options.length > 1 ? optionType : null,
        size && `size ${size}`,
        color,
      ]
        .filter(Boolean)
        .join(", "),
      pricePence,
      wasPence,
      saleEndsAt: wasPence !== null ? (variant.option?.saleEndsAt ?? null) : null,
      availability,
      handlingDays,
      availableFrom:
        availability === "backorder" ? now + calendarDays(handlingDays[1]) * DAY_MS : null,
    };
  });
  const group = product.group
    ? product.group[0]!.toUpperCase() + product.group.slice(1)
    : "Accessories";
  return {
    product,
    url: `${origin}/product/${product.id}`,
    images: rasterPictures(product, origin),
    photographed: Boolean(product.photos?.length),
    variants,
    gender,
    ageGroup,
    googleCategory: googleCategoryOf(product),
    productType:
      product.category === "ACCESSORIES"
        ? `Accessories${product.accessoryCategory ? ` > ${product.accessoryCategory}` : ""}`
        : `${group} > ${CATEGORY_LABELS[product.category]}`,
    apparel: isApparel(product),
  };
}
