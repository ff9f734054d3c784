import { describe, expect, it } from "vitest";
import { COLLECTIONS, findCollection } from "./collections";

const categories = (path: string) => findCollection(path)?.categories;

describe("S-CAT-2: every category route shows its categories (docs/catalogue.md)", () => {
  it("mens", () => {
    expect(categories("/mens")).toEqual(["NO-GI", "GI", "MENS-LEISUREWEAR", "MENS-MUAY-THAI"]);
    expect(categories("/mens/no-gi")).toEqual(["NO-GI"]);
    expect(categories("/mens/bjj-gi")).toEqual(["GI"]);
    expect(categories("/mens/leisurewear")).toEqual(["MENS-LEISUREWEAR"]);
    expect(categories("/mens/muay-thai")).toEqual(["MENS-MUAY-THAI"]);
  });

  it("womens: /womens and /womens/no-gi both show the whole collection", () => {
    const all = ["WOMENS-NO-GI", "WOMENS-GI", "WOMENS-LEISUREWEAR", "WOMENS-MUAY-THAI"];
    expect(categories("/womens")).toEqual(all);
    expect(categories("/womens/no-gi")).toEqual(all);
    expect(categories("/womens/bjj-gi")).toEqual(["WOMENS-GI"]);
    expect(categories("/womens/leisurewear")).toEqual(["WOMENS-LEISUREWEAR"]);
    expect(categories("/womens/muay-thai")).toEqual(["WOMENS-MUAY-THAI"]);
  });

  it("kids: /kids and /kids/no-gi both show the whole collection", () => {
    const all = ["KIDS", "KIDS-GI", "KIDS-LEISUREWEAR", "KIDS-MUAY-THAI"];
    expect(categories("/kids")).toEqual(all);
    expect(categories("/kids/no-gi")).toEqual(all);
    expect(categories("/kids/bjj-gi")).toEqual(["KIDS-GI"]);
    expect(categories("/kids/leisurewear")).toEqual(["KIDS-LEISUREWEAR"]);
    expect(categories("/kids/muay-thai")).toEqual(["KIDS-MUAY-THAI"]);
  });

  it("S-CAT-3: only kids pages carry the sizing block", () => {
    for (const c of COLLECTIONS) expect(c.kidsSizing).toBe(c.group === "kids");
  });

  it("ignores a trailing slash and knows nothing else", () => {
    expect(findCollection("/mens/")?.path).toBe("/mens");
    expect(findCollection("/mens/belts")).toBeUndefined();
    expect(COLLECTIONS).toHaveLength(15);
  });
});
