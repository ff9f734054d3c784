import { describe, expect, it } from "vitest";
import { priceLine } from "~/cart/cart";
import { discountOnSubtotal, orderTotals } from "./totals";

describe("S-CHK-2: checkout totals", () => {
  it("shipping is £3.99 per item with quantities summed; total = subtotal + shipping - discount", () => {
    const totals = orderTotals(
      [
        { unitPricePence: 3499, quantity: 2 },
        { unitPricePence: 5999, quantity: 1 },
      ],
      10,
    );
    expect(totals).toEqual({
      subtotalPence: 12997,
      shippingPence: 1197,
      discountPence: 1300,
      totalPence: 12997 + 1197 - 1300,
    });
  });

  it("S-CHK-3: the discount applies to the subtotal only, never to shipping", () => {
    const totals = orderTotals([{ unitPricePence: 1000, quantity: 1 }], 20);
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

  it("an empty cart costs nothing", () => {
    expect(orderTotals([], 0)).toEqual({
      subtotalPence: 0,
      shippingPence: 0,
      discountPence: 0,
      totalPence: 0,
    });
  });

  it("X-CHK-1: browser and server price the same line the same way (one pricing module)", () => {
    // The checkout page and the server both price lines with priceLine from the catalogue.
    const { line } = priceLine({
      productId: "mens-grip-truth-bjj-gi",
      optionType: "Gi",
      size: "A2",
      customText: "SILVA",
      nameCustomisation: true,
      quantity: 2,
    });
    expect(line?.unitPricePence).toBe(8499);
    expect(orderTotals([line!], 10)).toEqual({
      subtotalPence: 16998,
      shippingPence: 798,
      discountPence: 1700,
      totalPence: 16096,
    });
  });
});
