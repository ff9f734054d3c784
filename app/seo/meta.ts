import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/shared/brand";
import { formatPenceDecimal, type Pence } from "~/pricing/money";

interface PageMetaInput {
  title: string;
  description: string;
  /** The page's picture for link previews: an absolute JPEG or PNG address and its size. */
  image?: { url: string; type: "image/jpeg" | "image/png"; width: number; height: number };
  /** A product page (issue 55): og:type product and its price. */
  product?: { pricePence: Pence };
}

/** Title and description tags for a page; every page has its own (X-SHOP-1). Link previews
 *  (Open Graph, X's cards) from the same facts. */
export function pageMeta({ title, description, image, product }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === BRAND.name ? title : `${title} | ${BRAND.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:type", content: product ? "product" : "website" },
  ];
  if (product) {
    tags.push(
      { property: "product:price:amount", content: formatPenceDecimal(product.pricePence) },
      { property: "product:price:currency", content: "GBP" },
    );
  }
  if (image) {
    tags.push(
      { property: "og:image", content: image.url },
      { property: "og:image:type", content: image.type },
      { property: "og:image:width", content: String(image.width) },
      { property: "og:image:height", content: String(image.height) },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:image", content: image.url },
    );
  }
  return tags;
}
