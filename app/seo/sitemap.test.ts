import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/seed/catalogue";
import { robotsTxt, sitemapPaths, sitemapXml } from "./sitemap";

describe("sitemap and robots", () => {
  it("X-SHOP-1: the sitemap lists every page and every product with absolute URLs", () => {
    const xml = sitemapXml("https://shop.example", PRODUCTS);
    for (const product of PRODUCTS) {
      expect(xml).toContain(`<loc>https://shop.example/product/${product.id}</loc>`);
    }
    for (const path of ["/", "/mens/bjj-gi", "/kids", "/accessories", "/faq", "/returns"]) {
      expect(xml).toContain(`<loc>https://shop.example${path}</loc>`);
    }
    const paths = sitemapPaths(PRODUCTS);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("X-FIND-5: lastmod from the catalogue's changes, and the owner's photos as image entries", () => {
    const day = Date.UTC(2026, 10, 20, 15);
    const photoId = "0f8c2f6e-1111-4222-8333-944444444444";
    const products = [
      { id: "old-shorts", updatedAt: Date.UTC(2026, 0, 2) },
      { id: "new-gi", updatedAt: day, photos: [{ id: photoId } as never] },
    ];
    const xml = sitemapXml("https://shop.example", products);
    expect(xml).toContain(
      "<url><loc>https://shop.example/product/old-shorts</loc><lastmod>2026-01-02</lastmod></url>",
    );
    expect(xml).toContain(
      `<url><loc>https://shop.example/product/new-gi</loc><lastmod>2026-11-20</lastmod><image:image><image:loc>https://shop.example/images/photos/${photoId}.jpg</image:loc></image:image></url>`,
    );
    // The pages that list products changed when the latest product did; the FAQ has no date.
    expect(xml).toContain("<loc>https://shop.example/</loc><lastmod>2026-11-20</lastmod>");
    expect(xml).toContain("<loc>https://shop.example/faq</loc></url>");
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
  });

  it("X-SHOP-1: robots.txt points to the sitemap and keeps the buying flow out", () => {
    const text = robotsTxt("https://shop.example");
    expect(text).toContain("Sitemap: https://shop.example/sitemap.xml");
    for (const path of ["/checkout", "/payment", "/order-confirmation"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
  });
});
