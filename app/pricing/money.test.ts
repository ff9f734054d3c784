import { describe, expect, it } from "vitest";
import { formatPence, formatPenceDecimal, formatPenceShort } from "./money";

describe("formatPence", () => {
  it("S-CART-5: shows pounds with two decimals", () => {
    expect(formatPence(2999)).toBe("£29.99");
    expect(formatPence(1000)).toBe("£10.00");
    expect(formatPence(5)).toBe("£0.05");
    expect(formatPence(0)).toBe("£0.00");
    expect(formatPence(123456)).toBe("£1,234.56");
    expect(formatPence(-399)).toBe("-£3.99");
  });

  it("groups every three digits of the pounds with commas", () => {
    expect(formatPence(99999)).toBe("£999.99");
    expect(formatPence(100000)).toBe("£1,000.00");
    expect(formatPence(123456789)).toBe("£1,234,567.89");
    expect(formatPence(100000000000)).toBe("£1,000,000,000.00");
    expect(formatPence(-123456789)).toBe("-£1,234,567.89");
  });

  it("refuses fractional pence instead of rounding silently", () => {
    expect(() => formatPence(12.5)).toThrow(/whole number/);
  });

  it("gives a decimal string for structured data", () => {
    expect(formatPenceDecimal(7499)).toBe("74.99");
    expect(formatPenceDecimal(1000)).toBe("10.00");
  });
});

describe("X-ARCH-3: one money formatter with named variants", () => {
  it("X-ARCH-3: the short variant drops .00 for whole pounds, for running text", () => {
    expect(formatPenceShort(7500)).toBe("£75");
    expect(formatPenceShort(395)).toBe("£3.95");
    expect(formatPenceShort(1000)).toBe("£10");
    expect(formatPenceShort(0)).toBe("£0");
    expect(formatPenceShort(123400)).toBe("£1,234");
    expect(formatPenceShort(123456)).toBe("£1,234.56");
  });

  it("X-ARCH-3: the decimal variant is exact, with no £ and no separators, for CSV and schema.org", () => {
    expect(formatPenceDecimal(0)).toBe("0.00");
    expect(formatPenceDecimal(5)).toBe("0.05");
    expect(formatPenceDecimal(-399)).toBe("-3.99");
    expect(formatPenceDecimal(123456789)).toBe("1234567.89");
  });

  it("X-ARCH-3: every variant refuses fractional pence", () => {
    expect(() => formatPenceShort(12.5)).toThrow(/whole number/);
    expect(() => formatPenceDecimal(12.5)).toThrow(/whole number/);
  });
});
