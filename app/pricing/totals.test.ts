import { DEFAULT_DELIVERY } from "./shipping";
import { describe, expect, it } from "vitest";
import { priceLine } from "~/cart/cart";
import { discountOnSubtotal, orderTotals } from "./totals";
import { SEED_TIME, seedCatalogue } from "~/catalogue/seed/catalogue";

const seeded = seedCatalogue(SEED_TIME);
const priceOf = (line: Parameters<typeof priceLine>[0]) =>
  priceLine(line, seeded.all.get(line.productId));

describe("S-CHK-2: checkout totals", () => {
  it("shipping is £3.99 per item with quantities summed below £75; total = subtotal + shipping - discount", () => {
    const totals = orderTotals(
      [
        { unitPricePence: 1299, quantity: 2 },
        { unitPricePence: 2999, quantity: 1 },
      ],
      10,
      "uk-standard",
      DEFAULT_DELIVERY,
    );
    expect(totals).toEqual({
      subtotalPence: 5597,
      shippingPence: 1197,
      discountPence: 560,
      totalPence: 5597 + 1197 - 560,
    });
  });

  it("S-CHK-3: the discount applies to the subtotal only, never to shipping", () => {
    const totals = orderTotals(
      [{ unitPricePence: 1000, quantity: 1 }],
      20,
      "uk-standard",
      DEFAULT_DELIVERY,
    );
    expect(totals.discountPence).toBe(200);
    expect(totals.shippingPence).toBe(399);
    expect(totals.totalPence).toBe(1199);
  });

  it("rounds the discount to the penny", () => {
    expect(discountOnSubtotal(2999, 10)).toBe(300); // 299.9
    expect(discountOnSubtotal(2995, 10)).toBe(300); // 299.5 rounds up
    expect(discountOnSubtotal(2994, 10)).toBe(299); // 299.4
    expect(discountOnSubtotal(1999, 20)).toBe(400); // 399.8
    expect(discountOnSubtotal(0, 20)).toBe(0);
    expect(() => discountOnSubtotal(1000, 101)).toThrow();
    expect(() => discountOnSubtotal(1000, 2.5)).toThrow();
  });

  it("an empty cart costs nothing, whatever the method", () => {
    for (const method of ["uk-standard", "uk-express", "international"] as const) {
      expect(orderTotals([], 0, method, DEFAULT_DELIVERY)).toEqual({
        subtotalPence: 0,
        shippingPence: 0,
        discountPence: 0,
        totalPence: 0,
      });
    }
  });

  it("X-CHK-1: browser and server price the same line the same way (one pricing module)", () => {
    // The checkout page and the server both price lines with priceLine from the catalogue.
    const { line } = priceOf({
      productId: "mens-grip-truth-bjj-gi",
      optionType: "Gi",
      size: "A2",
      customText: "SILVA",
      nameCustomisation: true,
      quantity: 2,
    });
    expect(line?.unitPricePence).toBe(8499);
    expect(orderTotals([line!], 10, "uk-express", DEFAULT_DELIVERY)).toEqual({
      subtotalPence: 16998,
      shippingPence: 899,
      discountPence: 1700,
      totalPence: 16197,
    });
  });
});

describe("X-UK-1: free UK standard delivery from £75.00 after the discount", () => {
  // £89.97 of goods: three items at £29.99.
  const cart = [{ unitPricePence: 2999, quantity: 3 }];

  it("X-UK-1: £89.97 of goods ships free by UK standard", () => {
    expect(orderTotals(cart, 0, "uk-standard", DEFAULT_DELIVERY)).toEqual({
      subtotalPence: 8997,
      shippingPence: 0,
      discountPence: 0,
      totalPence: 8997,
    });
  });

  it("X-UK-1: with SAVE20 the same cart is under £75 (£71.98) and pays £11.97 shipping", () => {
    const totals = orderTotals(cart, 20, "uk-standard", DEFAULT_DELIVERY);
    expect(totals.discountPence).toBe(1799); // 1799.4
    expect(totals.subtotalPence - totals.discountPence).toBe(7198);
    expect(totals.shippingPence).toBe(1197);
    expect(totals.totalPence).toBe(8997 + 1197 - 1799);
  });

  it("X-UK-1: exactly £75.00 after the discount is free; a penny less is not", () => {
    expect(
      orderTotals([{ unitPricePence: 7500, quantity: 1 }], 0, "uk-standard", DEFAULT_DELIVERY)
        .shippingPence,
    ).toBe(0);
    expect(
      orderTotals([{ unitPricePence: 7499, quantity: 1 }], 0, "uk-standard", DEFAULT_DELIVERY)
        .shippingPence,
    ).toBe(399);
    // £83.34 less 10% (£8.33) is £75.01: free.
    expect(
      orderTotals([{ unitPricePence: 8334, quantity: 1 }], 10, "uk-standard", DEFAULT_DELIVERY)
        .shippingPence,
    ).toBe(0);
    // £83.32 less 10% (£8.33) is £74.99: charged.
    expect(
      orderTotals([{ unitPricePence: 8332, quantity: 1 }], 10, "uk-standard", DEFAULT_DELIVERY)
        .shippingPence,
    ).toBe(399);
  });

  it("X-UK-1: express and international are per order and never free", () => {
    expect(orderTotals(cart, 0, "uk-express", DEFAULT_DELIVERY).shippingPence).toBe(899);
    expect(orderTotals(cart, 0, "international", DEFAULT_DELIVERY).shippingPence).toBe(1599);
    expect(
      orderTotals([{ unitPricePence: 500, quantity: 7 }], 0, "uk-express", DEFAULT_DELIVERY)
        .shippingPence,
    ).toBe(899);
    expect(
      orderTotals([{ unitPricePence: 500, quantity: 7 }], 0, "international", DEFAULT_DELIVERY)
        .totalPence,
    ).toBe(3500 + 1599);
  });

  it("X-SEC-21 team lines take no discount and do not count towards free delivery", () => {
    const lines = [
      { unitPricePence: 5000, quantity: 1 },
      { unitPricePence: 3000, quantity: 1, team: "redcar-bjj" },
    ];
    const totals = orderTotals(lines, 10, "uk-standard", DEFAULT_DELIVERY, [lines[0]!]);
    expect(totals.discountPence).toBe(500);
    expect(totals.shippingPence).toBeGreaterThan(0);
    expect(totals.totalPence).toBe(8000 + totals.shippingPence - 500);
  });
});
