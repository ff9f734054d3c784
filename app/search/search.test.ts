import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/seed/catalogue";
import {
  matchRank,
  normaliseQuery,
  pageResults,
  searchSite as searchIn,
  SEARCH_PAGES,
  suggestProducts,
} from "./search";
import { SEARCH_LIMIT_PER_KIND } from "~/shared/limits";

const searchSite = (query: string, limit?: number) => searchIn(PRODUCTS, query, limit);
// The header's list: products from GET /api/search, then the pages matched in the browser.
const suggest = (query: string) => [
  ...suggestProducts(PRODUCTS, query),
  ...pageResults(query, SEARCH_LIMIT_PER_KIND),
];

describe("site search", () => {
  it("S-SRCH-1: matches product names as a case-insensitive substring", () => {
    const results = searchSite("gOrIlLa");
    const products = results.filter((r) => r.kind === "product");
    expect(products.length).toBe(3);
    for (const r of products) expect(r.name.toLowerCase()).toContain("gorilla");
    expect(products[0]).toEqual({
      kind: "product",
      name: "Mens Ranked Gorilla No-Gi Set",
      to: "/product/mens-ranked-gorilla-no-gi-set",
    });
  });

  it('X-TRUE-10: whole-word matches come first: "gi" lists the gis before the no-gi sets', () => {
    const products = searchSite("gi").filter((r) => r.kind === "product");
    const gis = products.filter((r) => / Gi$/.test(r.name));
    expect(gis.length).toBe(3);
    expect(products.slice(0, gis.length)).toEqual(gis);
    expect(products.slice(gis.length).some((r) => r.name.includes("No-Gi"))).toBe(true);
    expect(
      suggest("gi")
        .filter((r) => r.kind === "product")
        .map((r) => r.name),
    ).toEqual(gis.map((r) => r.name));
    expect(matchRank("Mens England No-Gi Set", "no-gi")).toBe(0);
    expect(matchRank("Mens England No-Gi Set", "gi")).toBe(2);
    expect(matchRank("Gift card", "gi")).toBe(1);
    expect(matchRank("Hoodie", "gi")).toBeUndefined();
  });

  it("S-SRCH-1: matches page names (information pages, collections, FAQ, size guide)", () => {
    expect(searchSite("size guide")).toContainEqual({
      kind: "page",
      name: "Size Guide",
      to: "/size-guide",
    });
    expect(searchSite("faq")).toContainEqual({ kind: "page", name: "FAQs", to: "/faq" });
    expect(searchSite("custom").some((r) => r.to === "/customisation")).toBe(true);
    expect(searchSite("accessories").some((r) => r.to === "/accessories")).toBe(true);
    expect(searchSite("kids muay").map((r) => r.to)).toContain("/kids/muay-thai");
    expect(searchSite("delivery").map((r) => r.to)).toEqual(
      expect.arrayContaining(["/delivery", "/shipping"]),
    );
  });

  it("S-SRCH-1: a blank or whitespace query matches nothing; spacing and case are normalised", () => {
    expect(searchSite("")).toEqual([]);
    expect(searchSite("   ")).toEqual([]);
    expect(normaliseQuery("  Thai   SHORTS ")).toBe("thai shorts");
    expect(searchSite("zzzz-no-such-thing")).toEqual([]);
  });

  it("S-SRCH-2: suggestions hold at most 3 products and 3 pages, each labelled", () => {
    const results = suggest("s");
    const products = results.filter((r) => r.kind === "product");
    const pages = results.filter((r) => r.kind === "page");
    expect(products).toHaveLength(3);
    expect(pages).toHaveLength(3);
    expect(results).toHaveLength(6);
    expect(results.map((r) => r.kind)).toEqual([
      "product",
      "product",
      "product",
      "page",
      "page",
      "page",
    ]);
  });

  it("S-SRCH-2: the full results page lists every match", () => {
    const all = searchSite("no-gi set");
    expect(all.filter((r) => r.kind === "product")).toHaveLength(15);
    expect(searchSite("e").length).toBeGreaterThan(6);
    expect(searchSite("grip truth").filter((r) => r.kind === "product").length).toBe(
      PRODUCTS.filter((p) => p.name.toLowerCase().includes("grip truth")).length,
    );
  });

  it("every searchable page has a unique path", () => {
    const paths = SEARCH_PAGES.map((p) => p.to);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
