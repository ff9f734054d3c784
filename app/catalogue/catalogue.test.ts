import { describe, expect, it } from "vitest";
import type { Product } from ".";
import { accessories, findProduct as find, newArrivals } from "./catalogue";
import { SEED_TIME, seedCatalogue } from "./seed/catalogue";

// The seeded catalogue, as the shop builds it from the database (migration 0007 writes this seed;
// tests/data/catalogue.test.ts checks the database holds exactly it).
const CATALOGUE = seedCatalogue(SEED_TIME);
const PRODUCTS = CATALOGUE.products;
const ACCESSORIES = accessories(CATALOGUE);
const GARMENTS = PRODUCTS.filter((p) => p.category !== "ACCESSORIES");
const NEW_ARRIVALS = newArrivals(CATALOGUE);
const findProduct = (id: string) => find(CATALOGUE, id);

// The lists and prices below are copied from the product specification's size lists and price
// list (S-CAT-6, summarised in docs/catalogue.md), not from the code.
const SIZES = {
  mensNoGi: ["XS", "S", "M", "L", "XL", "XXL"],
  womensNoGi: ["XS", "S", "M", "L", "XL"],
  kidsNoGi: ["6Y", "8Y", "10Y", "12Y", "14Y"],
  mensGi: ["A0", "A0L", "A1", "A1L", "A2", "A2L", "A3", "A3L", "A4", "A4L", "A5", "A6L"],
  womensGi: ["F1", "F1L", "F2", "F2L", "F3", "F3L", "F4"],
  kidsGi: ["M0000", "M000", "M00", "M0", "M1", "M2", "M3", "M4"],
  mensSliders: ["5", "6", "7", "8", "9", "10", "11", "12", "13", "14"],
  womensSliders: ["11", "12", "1", "2", "3", "4", "5", "6"],
  kidsSliders: ["8", "9", "10", "11", "12", "1", "2", "3"],
  hoodies: ["XS", "S", "M", "L", "XL", "XXL"],
  thaiShorts: ["XS", "S", "M", "L", "XL", "XXL"],
};
const ADULT_BELTS = ["White", "Blue", "Purple", "Brown", "Black"];
const KIDS_BELTS = [
  "White",
  "Grey/White",
  "Grey",
  "Grey/Black",
  "Yellow/White",
  "Yellow",
  "Yellow/Black",
  "Orange/White",
  "Orange",
  "Orange/Black",
  "Green/White",
  "Green",
  "Green/Black",
];
const DESIGNS = ["England", "Boro Beast", "Ranked Gorilla", "Lets Wrestle", "Redcar BJJ"];

const byGroup = (group: "mens" | "womens" | "kids") => GARMENTS.filter((p) => p.group === group);
const option = (product: Product | undefined, type: string) =>
  product?.options.find((o) => o.type === type);
const label = { mens: "Mens", womens: "Womens", kids: "Kids" } as const;

describe("S-CAT-6: catalogue composition", () => {
  for (const group of ["mens", "womens", "kids"] as const) {
    it(`${group}: five no-gi set designs, a gi, sliders, hoodies and Thai shorts`, () => {
      const products = byGroup(group);
      const sets = products.filter((p) => p.kind === "no-gi-set").map((p) => p.name);
      expect(sets).toEqual(DESIGNS.map((d) => `${label[group]} ${d} No-Gi Set`));
      expect(products.filter((p) => p.kind === "gi")).toHaveLength(1);
      expect(products.filter((p) => p.kind === "sliders")).toHaveLength(1);
      expect(products.filter((p) => p.kind === "hoodie")).toHaveLength(1);
      expect(products.filter((p) => p.kind === "thai-shorts")).toHaveLength(1);
    });
  }

  it("has readable, unique slugs including the one the spec names", () => {
    const ids = PRODUCTS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(findProduct("mens-grip-n-trip-thai-shorts")?.name).toBe("Mens Grip N Trip Thai Shorts");
  });

  it("uses only the spec's option types", () => {
    const types = new Set(PRODUCTS.flatMap((p) => p.options.map((o) => o.type)));
    expect([...types].sort()).toEqual(
      ["Gi", "Hoodies", "Rashguard", "Shorts", "Sliders", "Thai Shorts"].sort(),
    );
  });
});

describe("S-CAT-6: sizes", () => {
  const cases: [string, string, string[]][] = [
    ["mens-england-no-gi-set", "Rashguard", SIZES.mensNoGi],
    ["mens-redcar-bjj-no-gi-set", "Shorts", SIZES.mensNoGi],
    ["womens-boro-beast-no-gi-set", "Rashguard", SIZES.womensNoGi],
    ["womens-lets-wrestle-no-gi-set", "Shorts", SIZES.womensNoGi],
    ["kids-ranked-gorilla-no-gi-set", "Rashguard", SIZES.kidsNoGi],
    ["kids-england-no-gi-set", "Shorts", SIZES.kidsNoGi],
    ["mens-grip-truth-bjj-gi", "Gi", SIZES.mensGi],
    ["womens-grip-truth-bjj-gi", "Gi", SIZES.womensGi],
    ["kids-grip-truth-bjj-gi", "Gi", SIZES.kidsGi],
    ["mens-grip-truth-sliders", "Sliders", SIZES.mensSliders],
    ["womens-grip-truth-sliders", "Sliders", SIZES.womensSliders],
    ["kids-grip-truth-sliders", "Sliders", SIZES.kidsSliders],
    ["mens-grip-truth-hoodie", "Hoodies", SIZES.hoodies],
    ["womens-grip-truth-hoodie", "Hoodies", SIZES.hoodies],
    ["kids-grip-truth-hoodie", "Hoodies", SIZES.hoodies],
    ["mens-grip-n-trip-thai-shorts", "Thai Shorts", SIZES.thaiShorts],
    ["womens-grip-n-trip-thai-shorts", "Thai Shorts", SIZES.thaiShorts],
    ["kids-grip-n-trip-thai-shorts", "Thai Shorts", SIZES.thaiShorts],
  ];
  for (const [id, type, sizes] of cases) {
    it(`${id} ${type}: ${sizes.join(", ")}`, () => {
      expect(option(findProduct(id), type)?.sizes).toEqual(sizes);
    });
  }

  it("every no-gi set of a group uses that group's sizes for both options", () => {
    for (const [group, sizes] of [
      ["mens", SIZES.mensNoGi],
      ["womens", SIZES.womensNoGi],
      ["kids", SIZES.kidsNoGi],
    ] as const) {
      for (const set of byGroup(group).filter((p) => p.kind === "no-gi-set")) {
        expect(set.options.map((o) => o.sizes)).toEqual([sizes, sizes]);
      }
    }
  });
});

describe("S-CAT-6: belt ranks, colours and customisation", () => {
  it("only the Ranked Gorilla rashguard has belt ranks: adult and kids lists", () => {
    const withRanks = GARMENTS.filter((p) => p.options.some((o) => o.beltRanks));
    expect(withRanks.map((p) => p.id).sort()).toEqual(
      [
        "kids-ranked-gorilla-no-gi-set",
        "mens-ranked-gorilla-no-gi-set",
        "womens-ranked-gorilla-no-gi-set",
      ].sort(),
    );
    expect(option(findProduct("mens-ranked-gorilla-no-gi-set"), "Rashguard")?.beltRanks).toEqual(
      ADULT_BELTS,
    );
    expect(option(findProduct("womens-ranked-gorilla-no-gi-set"), "Rashguard")?.beltRanks).toEqual(
      ADULT_BELTS,
    );
    expect(option(findProduct("kids-ranked-gorilla-no-gi-set"), "Rashguard")?.beltRanks).toEqual(
      KIDS_BELTS,
    );
    expect(
      option(findProduct("mens-ranked-gorilla-no-gi-set"), "Shorts")?.beltRanks,
    ).toBeUndefined();
  });

  it("hoodies come in Grey and Black; Thai shorts in Purple, Red and Grey", () => {
    for (const p of GARMENTS.filter((p) => p.kind === "hoodie")) {
      expect(option(p, "Hoodies")?.colors).toEqual(["Grey", "Black"]);
    }
    for (const p of GARMENTS.filter((p) => p.kind === "thai-shorts")) {
      expect(option(p, "Thai Shorts")?.colors).toEqual(["Purple", "Red", "Grey"]);
    }
    const colourful = GARMENTS.filter((p) => p.options.some((o) => o.colors));
    expect(colourful).toHaveLength(6);
  });

  it("the England rashguard and all gis are customisable; gis add £10.00", () => {
    const customisable = GARMENTS.filter((p) => p.options.some((o) => o.customizable));
    expect(customisable.map((p) => p.id).sort()).toEqual(
      [
        "mens-england-no-gi-set",
        "womens-england-no-gi-set",
        "kids-england-no-gi-set",
        "mens-grip-truth-bjj-gi",
        "womens-grip-truth-bjj-gi",
        "kids-grip-truth-bjj-gi",
      ].sort(),
    );
    for (const gi of GARMENTS.filter((p) => p.kind === "gi")) {
      expect(option(gi, "Gi")?.customPricePence).toBe(1000);
    }
    expect(option(findProduct("mens-england-no-gi-set"), "Shorts")?.customizable).toBeFalsy();
  });
});

describe("S-CAT-6: prices in pence (docs/catalogue.md)", () => {
  const price = (id: string, type?: string) =>
    type ? option(findProduct(id), type)?.pricePence : findProduct(id)?.pricePence;
  const was = (id: string) => findProduct(id)?.originalPricePence;

  it("adult and women's no-gi: rashguard £34.99, shorts £29.99, set £29.99 was £44.99", () => {
    for (const group of ["mens", "womens"] as const) {
      for (const set of byGroup(group).filter((p) => p.kind === "no-gi-set")) {
        expect(price(set.id, "Rashguard")).toBe(3499);
        expect(price(set.id, "Shorts")).toBe(2999);
        expect(set.pricePence).toBe(2999);
        expect(set.originalPricePence).toBe(4499);
      }
    }
  });

  it("kids no-gi: rashguard £27.99, shorts £24.99, set £24.99 was £39.99", () => {
    for (const set of byGroup("kids").filter((p) => p.kind === "no-gi-set")) {
      expect(price(set.id, "Rashguard")).toBe(2799);
      expect(price(set.id, "Shorts")).toBe(2499);
      expect(set.pricePence).toBe(2499);
      expect(set.originalPricePence).toBe(3999);
    }
  });

  it("gis £74.99 (kids £49.99); sliders £24.99 was £34.99 (kids £19.99 was £29.99)", () => {
    expect(price("mens-grip-truth-bjj-gi", "Gi")).toBe(7499);
    expect(price("womens-grip-truth-bjj-gi", "Gi")).toBe(7499);
    expect(price("kids-grip-truth-bjj-gi", "Gi")).toBe(4999);
    for (const id of ["mens-grip-truth-sliders", "womens-grip-truth-sliders"]) {
      expect([price(id, "Sliders"), price(id), was(id)]).toEqual([2499, 2499, 3499]);
    }
    expect([
      price("kids-grip-truth-sliders", "Sliders"),
      price("kids-grip-truth-sliders"),
      was("kids-grip-truth-sliders"),
    ]).toEqual([1999, 1999, 2999]);
  });

  it("hoodies £24.99 in all groups; Thai shorts £29.99 adult, £24.99 kids", () => {
    for (const id of ["mens", "womens", "kids"].map((g) => `${g}-grip-truth-hoodie`)) {
      expect(price(id, "Hoodies")).toBe(2499);
    }
    expect(price("mens-grip-n-trip-thai-shorts", "Thai Shorts")).toBe(2999);
    expect(price("womens-grip-n-trip-thai-shorts", "Thai Shorts")).toBe(2999);
    expect(price("kids-grip-n-trip-thai-shorts", "Thai Shorts")).toBe(2499);
  });

  it("S-ACC-3: the eight accessories and their prices", () => {
    expect(ACCESSORIES.map((a) => [a.name, a.pricePence, a.options.length])).toEqual([
      ["Premium Gym Bag", 7999, 0],
      ["Mouth Guard Set", 1999, 0],
      ["Training Journal", 1499, 0],
      ["Water Bottle", 1299, 0],
      ["Knee Pads", 2499, 0],
      ["BJJ Patches Set", 999, 0],
      ["Gear Wash Kit", 1899, 0],
      ["Equipment Bag", 3499, 0],
    ]);
  });

  it("every price is a positive whole number of pence", () => {
    for (const p of PRODUCTS) {
      expect(Number.isInteger(p.pricePence) && p.pricePence > 0).toBe(true);
      for (const o of p.options)
        expect(Number.isInteger(o.pricePence) && o.pricePence > 0).toBe(true);
    }
  });
});

describe("S-CAT-1: New Arrivals", () => {
  it("are five items at £29.99, was £44.99", () => {
    expect(NEW_ARRIVALS).toHaveLength(5);
    for (const p of NEW_ARRIVALS) {
      expect([p.pricePence, p.originalPricePence]).toEqual([2999, 4499]);
    }
  });
});

describe("S-CAT-4: pictures", () => {
  it("every product has two to four pictures with alt text; rotations are 0 or -90", () => {
    for (const p of PRODUCTS) {
      expect(p.images.length).toBeGreaterThanOrEqual(2);
      expect(p.images.length).toBeLessThanOrEqual(4);
      for (const image of p.images) {
        expect(image.alt.length).toBeGreaterThan(10);
        expect([0, -90]).toContain(image.rotation);
        expect(image.src).toBe(`/images/products/${p.id}/${image.view}.svg`);
      }
    }
  });
});
