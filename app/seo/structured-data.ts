import type { Product } from "~/catalogue/types";
import { fixedSrcOf } from "~/catalogue/art/pictures";
import { BRAND } from "~/shared/brand";
import { formatPenceDecimal } from "~/pricing/money";

/** schema.org data for search engines (X-SHOP-1), as plain objects; rendered by JsonLd. */

export type JsonLdObject = Record<string, unknown>;

export interface ReviewAggregate {
  count: number;
  /** The mean rating, 1-5. */
  average: number;
}

export function productJsonLd(
  product: Product,
  origin: string,
  rating?: ReviewAggregate | null,
): JsonLdObject {
  const url = `${origin}/product/${product.id}`;
  const data: JsonLdObject = {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    name: product.name,
    description: product.description,
    sku: product.id,
    url,
    // Fixed addresses: search engines keep them longer than one build keeps its hashed files.
    // The owner's photos when there are any (X-PHOTO-3), else the drawings.
    image: product.photos?.length
      ? product.photos.map((photo) => `${origin}${photo.webp[photo.webp.length - 1]!.url}`)
      : product.images.map((image) => `${origin}${fixedSrcOf(image.src)}`),
    brand: { "@type": "Brand", name: BRAND.name },
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "GBP",
      price: formatPenceDecimal(product.pricePence),
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
    },
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
