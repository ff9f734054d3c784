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

  it("X-SHOP-1: robots.txt points to the sitemap and keeps the buying flow out", () => {
    const text = robotsTxt("https://shop.example");
    expect(text).toContain("Sitemap: https://shop.example/sitemap.xml");
    for (const path of ["/checkout", "/payment", "/order-confirmation"]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
  });
});
