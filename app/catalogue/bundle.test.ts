import { describe, expect, it } from "vitest";
import { priceLine } from "~/cart/cart";
import { bundlePricePence } from "~/pricing/money";
import { trainingBundleQuote } from "./bundle";

describe("training bundle price", () => {
  it("S-ACC-4: the sum of the items' pence, 20% off, rounded to the penny", () => {
    expect(bundlePricePence([1000, 999], 20)).toBe(1599); // 1999 × 0.8 = 1599.2
    expect(bundlePricePence([1001, 2], 20)).toBe(802); // 1003 × 0.8 = 802.4
    expect(bundlePricePence([1003, 0], 50)).toBe(502); // 501.5 rounds up
    expect(bundlePricePence([], 20)).toBe(0);
  });

  it("S-ACC-4: the Complete Training Bundle is £156.95 of kit for £125.56", () => {
    const quote = trainingBundleQuote();
    expect(quote.items.map((i) => i.name)).toEqual([
      "Premium Gym Bag",
      "Mouth Guard Set",
      "Knee Pads",
      "Water Bottle",
      "Gear Wash Kit",
    ]);
    expect(quote.fullPence).toBe(15695);
    expect(quote.pricePence).toBe(12556);
    expect(quote.savingPence).toBe(3139);
  });

  it("S-ACC-4 X-CHK-1: priceLine prices the bundle as one Standard / N/A line", () => {
    const { line } = priceLine({
      productId: "complete-training-bundle",
      optionType: "Standard",
      size: "N/A",
      quantity: 2,
    });
    expect(line).toMatchObject({
      productId: "complete-training-bundle",
      productName: "Complete Training Bundle",
      unitPricePence: 12556,
      quantity: 2,
    });
    expect(line?.image).toMatch(/^\/images\/products\/premium-gym-bag\//);
    for (const bad of [
      { optionType: "Gi", size: "N/A" },
      { optionType: "Standard", size: "M" },
      { optionType: "Standard", size: "N/A", customText: "NAME" },
      { optionType: "Standard", size: "N/A", color: "Red" },
    ]) {
      expect(
        priceLine({ productId: "complete-training-bundle", quantity: 1, ...bad }).line,
      ).toBeUndefined();
    }
  });
});
