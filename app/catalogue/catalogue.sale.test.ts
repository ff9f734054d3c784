import { describe, expect, it } from "vitest";
import { makeCatalogue, onSale, reducedPence, runningSale } from "./catalogue";
import { seeded } from "./seed/catalogue";
import { SEED_PRODUCTS } from "./seed";
import { SEED_SITE } from "./seed/sql";

const HOUR = 3_600_000;

describe("automatic sales (X-CAT-5)", () => {
  it("X-CAT-5: the sale running now is the latest started between its dates", () => {
    const now = Date.UTC(2026, 11, 1, 12);
    const sales = [
      { id: "a", name: "Old", percent: 10, startsAt: now - 5 * HOUR },
      { id: "b", name: "New", percent: 20, startsAt: now - HOUR, endsAt: now + HOUR },
      { id: "c", name: "Later", percent: 30, startsAt: now + HOUR },
      { id: "d", name: "Over", percent: 40, endsAt: now },
    ];
    expect(runningSale(sales, now)?.name).toBe("New");
    expect(runningSale(sales, now + 2 * HOUR)?.name).toBe("Later");
    expect(runningSale([], now)).toBeNull();
  });

  it("X-CAT-5: full-price prices are reduced and keep what they were; reduced ones are not reduced again", () => {
    expect(reducedPence(2999, 20)).toBe(2399);
    const hoodie = onSale(seeded("mens-grip-truth-hoodie"), 20);
    expect(hoodie.pricePence).toBe(1999);
    expect(hoodie.originalPricePence).toBe(2499);
    expect(hoodie.options[0]).toMatchObject({ pricePence: 1999, compareAtPricePence: 2499 });
    const set = onSale(seeded("mens-england-no-gi-set"), 20);
    // The set is already reduced (£29.99, was £44.99): its headline price stays.
    expect(set.pricePence).toBe(2999);
    expect(set.originalPricePence).toBe(4499);
  });

  it("X-CAT-5: without a sale the catalogue sells at the seeded prices", () => {
    const catalogue = makeCatalogue(SEED_PRODUCTS, SEED_SITE, [], Date.now());
    expect(catalogue.sale).toBeNull();
    expect(catalogue.all.get("mens-grip-truth-hoodie")?.pricePence).toBe(2499);
  });
});
