import type { Product } from "~/catalogue/types";
import { COLLECTIONS } from "~/catalogue/collections";
import { INFO_PAGE_SLUGS } from "~/content/info-page-slugs";
import { photoJpegPath } from "~/catalogue/photos/urls";

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

type SitemapProduct = Pick<Product, "id" | "updatedAt" | "photos">;

/** A day as a sitemap's lastmod: "2026-11-28". */
const lastmodOf = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** The pages whose content is the catalogue's (home, collections, accessories): changed when any
 *  product last changed. */
const CATALOGUE_PAGES = new Set(["/", ...COLLECTIONS.map((c) => c.path), "/accessories"]);

/**
 * The sitemap (X-SHOP-1, X-FIND-5): every page, with `lastmod` where the catalogue says when it
 * changed (a product page: the product; the pages that list products: the latest change), and the
 * owner's photos of each product as image entries (JPEG, issue 55).
 */
export function sitemapXml(origin: string, products: readonly SitemapProduct[]): string {
  const latest = Math.max(0, ...products.map((p) => p.updatedAt ?? 0));
  const entry = (path: string, updatedAt: number | undefined, images: readonly string[] = []) =>
    [
      `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>`,
      updatedAt ? `<lastmod>${lastmodOf(updatedAt)}</lastmod>` : "",
      ...images.map(
        (image) =>
          `<image:image><image:loc>${escapeXml(`${origin}${image}`)}</image:loc></image:image>`,
      ),
      "</url>",
    ].join("");
  const urls = [
    ...PUBLIC_PAGE_PATHS.map((path) =>
      entry(path, CATALOGUE_PAGES.has(path) && latest ? latest : undefined),
    ),
    ...products.map((p) =>
      entry(
        `/product/${p.id}`,
        p.updatedAt,
        (p.photos ?? []).map((photo) => photoJpegPath(photo.id)),
      ),
    ),
  ].join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${urls}\n</urlset>\n`;
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
