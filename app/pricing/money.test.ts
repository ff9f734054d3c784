import { describe, expect, it } from "vitest";
import { formatPence, penceToDecimal } from "./money";

describe("formatPence", () => {
  it("S-CART-5: shows pounds with two decimals", () => {
    expect(formatPence(2999)).toBe("£29.99");
    expect(formatPence(1000)).toBe("£10.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(-399)).toBe("-£3.99");
  });

  it("refuses fractional pence instead of rounding silently", () => {
    expect(() => formatPence(12.5)).toThrow(/whole number/);
  });

  it("gives a decimal string for structured data", () => {
    expect(penceToDecimal(7499)).toBe("74.99");
    expect(penceToDecimal(1000)).toBe("10.00");
  });
});
