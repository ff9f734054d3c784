import type { Product } from "~/catalogue/types";
import { COLLECTIONS } from "~/catalogue/collections";
import { INFO_PAGE_SLUGS } from "~/content/info-page-slugs";

/**
 * The shop's public pages besides the product pages: the same for everyone, listed in the
 * sitemap and kept by the shared page cache (app/perf/html-cache.ts).
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  "/",
  ...COLLECTIONS.map((c) => c.path),
  "/accessories",
  "/customisation",
  "/faq",
  "/size-guide",
  ...INFO_PAGE_SLUGS.map((slug) => `/${slug}`),
];

/** Every page and product a search engine should know (X-SHOP-1), as paths. */
export function sitemapPaths(products: readonly Pick<Product, "id">[]): string[] {
  return [...PUBLIC_PAGE_PATHS, ...products.map((p) => `/product/${p.id}`)];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string, products: readonly Pick<Product, "id">[]): string {
  const urls = sitemapPaths(products)
    .map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Pages of the buying flow are of no use in a search index. */
export const ROBOTS_DISALLOW = [
  "/checkout",
  "/payment",
  "/order-confirmation",
  "/api/",
  "/admin",
] as const;

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
