import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/shared/brand";

interface PageMetaInput {
  title: string;
  description: string;
  /** Absolute URL of the page's picture, for link previews. */
  image?: string;
}

/** Title and description tags for a page; every page has its own (X-SHOP-1). */
export function pageMeta({ title, description, image }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title === BRAND.name ? title : `${title} | ${BRAND.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: BRAND.name },
    { property: "og:type", content: "website" },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}
