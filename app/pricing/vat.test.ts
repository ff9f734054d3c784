import { describe, expect, it } from "vitest";
import { vatIncludedPence, vatReceipt } from "./vat";

describe("X-UK-2: VAT included in prices", () => {
  it("X-UK-2: VAT is total × 20/120, to the penny", () => {
    expect(vatIncludedPence(12000)).toBe(2000);
    expect(vatIncludedPence(8997)).toBe(1500); // 1499.5 rounds up
    expect(vatIncludedPence(10194)).toBe(1699); // 1699.0
    expect(vatIncludedPence(1199)).toBe(200); // 199.83
    expect(vatIncludedPence(1)).toBe(0); // 0.17
    expect(vatIncludedPence(0)).toBe(0);
    expect(() => vatIncludedPence(-1)).toThrow();
    expect(() => vatIncludedPence(1.5)).toThrow();
  });

  it("X-UK-2: a receipt only with a VAT number", () => {
    expect(vatReceipt(12000, undefined)).toBeNull();
    expect(vatReceipt(12000, "")).toBeNull();
    expect(vatReceipt(12000, "GB123456789")).toEqual({
      label: "VAT included (20%)",
      vatPence: 2000,
      vatNumber: "GB123456789",
    });
  });
});
