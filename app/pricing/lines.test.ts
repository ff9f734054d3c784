import { describe, expect, it } from "vitest";
import { seeded as findProduct } from "~/catalogue/seed/catalogue";
import { subtotalPence, unitPricePence } from "./lines";

const p = (id: string) => findProduct(id)!;

describe("unit prices come from the catalogue", () => {
  it("S-PDP-5: a gi with a name costs the option price plus £10.00", () => {
    expect(unitPricePence(p("kids-grip-truth-bjj-gi"), "Gi", false)).toBe(4999);
    expect(unitPricePence(p("kids-grip-truth-bjj-gi"), "Gi", true)).toBe(5999);
    expect(unitPricePence(p("mens-grip-truth-bjj-gi"), "Gi", true)).toBe(8499);
  });

  it("the option chosen sets the price; custom text without a custom price costs nothing extra", () => {
    expect(unitPricePence(p("mens-england-no-gi-set"), "Rashguard", false)).toBe(3499);
    expect(unitPricePence(p("mens-england-no-gi-set"), "Shorts", false)).toBe(2999);
    expect(unitPricePence(p("mens-england-no-gi-set"), "Rashguard", true)).toBe(3499);
  });

  it("S-PDP-7: a product without options is Standard at its own price", () => {
    expect(unitPricePence(p("premium-gym-bag"), "Standard", false)).toBe(7999);
  });

  it("an option the product does not have has no price", () => {
    expect(unitPricePence(p("mens-england-no-gi-set"), "Gi", false)).toBeUndefined();
    expect(unitPricePence(p("premium-gym-bag"), "Rashguard", false)).toBeUndefined();
  });
});

describe("S-CART-5: totals", () => {
  it("sum price times quantity", () => {
    expect(subtotalPence([])).toBe(0);
    expect(
      subtotalPence([
        { unitPricePence: 3499, quantity: 2 },
        { unitPricePence: 5999, quantity: 1 },
        { unitPricePence: 999, quantity: 3 },
      ]),
    ).toBe(3499 * 2 + 5999 + 999 * 3);
  });
});
