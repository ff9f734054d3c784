import { describe, expect, it } from "vitest";
import { netOfDiscount } from "./net-of-discount";

describe("netOfDiscount", () => {
  it("X-TEAM-5: a team line of an order without a discount is refunded exactly its total", () => {
    expect(netOfDiscount(5500, { subtotalPence: 8000, discountPence: 0 })).toBe(5500);
  });
  it("X-TEAM-5: a discount is shared in proportion, never giving back more than was paid", () => {
    expect(netOfDiscount(5000, { subtotalPence: 10000, discountPence: 1000 })).toBe(4500);
    expect(netOfDiscount(3333, { subtotalPence: 10000, discountPence: 1000 })).toBe(3000);
    expect(netOfDiscount(100, { subtotalPence: 0, discountPence: 0 })).toBe(0);
  });
});
