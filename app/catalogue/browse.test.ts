import { describe, expect, it } from "vitest";
import { accessories, productsInCategories as inCategories } from "./catalogue";
import { SEED_TIME, seedCatalogue } from "./seed/catalogue";
import { COLLECTION_PAGE_SIZE } from "~/shared/limits";

const productsInCategories = (categories: Parameters<typeof inCategories>[1]) =>
  inCategories(seedCatalogue(SEED_TIME), categories);
const ACCESSORIES = accessories(seedCatalogue(SEED_TIME));
import { findCollection } from "./collections";
import {
  browseOptions,
  browseProducts,
  browseSearch,
  DEFAULT_QUERY,
  filterAccessories,
  paginate,
  parseAccessoryQuery,
  parseBrowseQuery,
  productAgeBands,
  sortProducts,
} from "./browse";

const productsOn = (path: string) => productsInCategories(findCollection(path)!.categories);
const mens = productsOn("/mens");
const kids = productsOn("/kids");

describe("category browsing", () => {
  it("S-CAT-5: the Filter-by options come from the products on the page", () => {
    expect(browseOptions(mens).types.map((t) => t.label)).toEqual([
      "Rashguards & no-gi sets",
      "Gis",
      "Sliders",
      "Hoodies",
      "Thai shorts",
    ]);
    expect(browseOptions(productsOn("/mens/leisurewear")).types.map((t) => t.value)).toEqual([
      "sliders",
      "hoodie",
    ]);
    expect(browseOptions(mens).ages).toEqual([]);
    expect(browseOptions(kids).ages.map((a) => a.label)).toEqual([
      "3-6 years",
      "7-10 years",
      "11-16 years",
    ]);
  });

  it("S-CAT-5: kids sizes map to age bands; a product is in every band one of its sizes fits", () => {
    const set = kids.find((p) => p.kind === "no-gi-set")!;
    expect(productAgeBands(set)).toEqual(["3-6", "7-10", "11-16"]);
    const sliders = kids.find((p) => p.kind === "sliders")!;
    expect(productAgeBands(sliders)).toEqual(["3-6", "7-10"]);
    expect(productAgeBands(mens[0]!)).toEqual([]);
  });

  it("X-CAT-1: filtering by type keeps only that type", () => {
    const query = { ...DEFAULT_QUERY, type: "gi" };
    const page = browseProducts(mens, query);
    expect(page.items.map((p) => p.kind)).toEqual(["gi"]);
    expect(page.total).toBe(1);
    const older = browseProducts(kids, { ...DEFAULT_QUERY, age: "11-16" });
    expect(older.total).toBe(kids.length - 1);
    expect(older.items.some((p) => p.kind === "sliders")).toBe(false);
  });

  it("X-CAT-1: sorts by price both ways and by name; featured keeps catalogue order", () => {
    const asc = sortProducts(mens, "price-asc").map((p) => p.pricePence);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = sortProducts(mens, "price-desc").map((p) => p.pricePence);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBe(7499);
    const names = sortProducts(mens, "name").map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB")));
    expect(sortProducts(mens, "featured")).toEqual(mens);
  });

  it("X-CAT-1: Load More pages: page N shows the first N × 6, with the next page until all show", () => {
    expect(COLLECTION_PAGE_SIZE).toBe(6);
    const first = browseProducts(mens, DEFAULT_QUERY);
    expect(first).toMatchObject({ shown: 6, total: 9, nextPage: 2 });
    const second = browseProducts(mens, { ...DEFAULT_QUERY, page: 2 });
    expect(second).toMatchObject({ shown: 9, total: 9, nextPage: null });
    expect(paginate([], 1)).toEqual({ items: [], total: 0, shown: 0, nextPage: null });
  });

  it("X-CAT-1: the query string is validated; bad values fall back to defaults", () => {
    const options = browseOptions(kids);
    const read = (qs: string) => parseBrowseQuery(new URLSearchParams(qs), options);
    expect(read("")).toEqual(DEFAULT_QUERY);
    expect(read("type=gi&age=7-10&sort=price-desc&view=list&page=2")).toEqual({
      type: "gi",
      age: "7-10",
      sort: "price-desc",
      view: "list",
      page: 2,
    });
    expect(read("type=belts&age=99&sort=random&view=table&page=-3")).toEqual(DEFAULT_QUERY);
    expect(read("page=abc").page).toBe(1);
    expect(read("page=1e9").page).toBe(1);
    expect(parseBrowseQuery(new URLSearchParams("age=3-6"), browseOptions(mens)).age).toBeNull();
  });

  it("X-CAT-1: URLs keep only what differs from the defaults", () => {
    expect(browseSearch({ type: null, sort: "featured", view: "grid", page: 1 })).toBe("");
    expect(browseSearch({ view: "list", page: 2, sort: "name", type: "gi" })).toBe(
      "?type=gi&sort=name&view=list&page=2",
    );
  });
});

describe("accessories filters", () => {
  const names = (qs: string) =>
    filterAccessories(ACCESSORIES, parseAccessoryQuery(new URLSearchParams(qs))).map((p) => p.name);

  it("S-ACC-2 X-ACC-1: filters by category", () => {
    expect(names("")).toHaveLength(8);
    expect(names("category=protection")).toEqual(["Mouth Guard Set", "Knee Pads"]);
    expect(names("category=bags-storage")).toEqual(["Premium Gym Bag", "Equipment Bag"]);
    expect(names("category=training-gear")).toEqual(["Gear Wash Kit"]);
    expect(names("category=lifestyle")).toEqual([
      "Training Journal",
      "Water Bottle",
      "BJJ Patches Set",
    ]);
  });

  it("S-ACC-2 X-ACC-1: filters by price band All, Under £20, £20 - £50, £50+", () => {
    expect(names("price=all")).toHaveLength(8);
    expect(names("price=under-20")).toEqual([
      "Mouth Guard Set",
      "Training Journal",
      "Water Bottle",
      "BJJ Patches Set",
      "Gear Wash Kit",
    ]);
    expect(names("price=20-50")).toEqual(["Knee Pads", "Equipment Bag"]);
    expect(names("price=50-plus")).toEqual(["Premium Gym Bag"]);
    expect(names("price=under-20&category=protection")).toEqual(["Mouth Guard Set"]);
    expect(names("price=free&category=nope")).toHaveLength(8);
  });
});
