import { describe, expect, it } from "vitest";
import {
  apportionPence,
  lineVatRatePercent,
  orderVat,
  refundVat,
  standardOnly,
  vatIncludedPence,
  vatReceipt,
} from "./vat";

const kids = (grossPence: number, discounted = true) => ({
  grossPence,
  ratePercent: 0,
  discounted,
});
const adult = (grossPence: number, discounted = true) => ({
  grossPence,
  ratePercent: 20,
  discounted,
});
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe("X-UK-2: VAT included in prices", () => {
  it("X-UK-2: VAT is total × 20/120, to the penny", () => {
    expect(vatIncludedPence(12000)).toBe(2000);
    expect(vatIncludedPence(8997)).toBe(1500); // 1499.5 rounds up
    expect(vatIncludedPence(10194)).toBe(1699); // 1699.0
    expect(vatIncludedPence(1199)).toBe(200); // 199.83
    expect(vatIncludedPence(1)).toBe(0); // 0.17
    expect(vatIncludedPence(0)).toBe(0);
    expect(vatIncludedPence(2799, 0)).toBe(0);
    expect(() => vatIncludedPence(-1)).toThrow();
    expect(() => vatIncludedPence(1.5)).toThrow();
  });

  it("X-UK-2 X-VAT-3: a receipt only with a VAT number", () => {
    expect(vatReceipt(standardOnly(12000), undefined)).toBeNull();
    expect(vatReceipt(standardOnly(12000), "")).toBeNull();
    expect(vatReceipt(standardOnly(12000), "GB123456789")).toEqual({
      label: "VAT at 20%",
      vatPence: 2000,
      rows: [{ ratePercent: 20, label: "VAT at 20%", amountPence: 2000 }],
      vatNumber: "GB123456789",
    });
  });
});

describe("X-VAT-1: a line's rate", () => {
  const product = {
    vatRate: "zero" as const,
    options: [{ type: "Gi", standardRatedSizes: ["M4"] }, { type: "Rashguard" }],
  };
  it("X-VAT-1: zero for a zero-rated product, 20% for its standard-rated sizes and any other", () => {
    expect(lineVatRatePercent(product, "Gi", "M1")).toBe(0);
    expect(lineVatRatePercent(product, "Gi", "M4")).toBe(20);
    expect(lineVatRatePercent(product, "Rashguard", "14Y")).toBe(0);
    expect(lineVatRatePercent({ ...product, vatRate: "standard" }, "Gi", "M1")).toBe(20);
    expect(lineVatRatePercent(undefined, "Gi", "M1")).toBe(20);
  });
});

describe("X-VAT-2: VAT decided per line, by rate", () => {
  it("X-VAT-2: pence are shared exactly, the largest remainders taking the pennies left", () => {
    expect(apportionPence(399, [2999, 2799])).toEqual([206, 193]);
    expect(apportionPence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportionPence(5, [0, 0])).toEqual([5, 0]);
    expect(apportionPence(0, [])).toEqual([]);
    for (const total of [0, 1, 7, 399, 1001]) {
      expect(sum(apportionPence(total, [3, 5, 11, 0]))).toBe(total);
    }
  });

  it("X-VAT-2: a mixed basket with delivery and a code: the code shares by value, delivery splits by the goods' value, VAT once per rate", () => {
    // Kids' rashguard £27.99 (0%), adult shorts £29.99 (20%), 10% off (£5.80), delivery £3.99.
    const vat = orderVat({
      lines: [kids(2799), adult(2999)],
      discountPence: 580,
      deliveryPence: 399,
    });
    // Discount: 580 × 2799/5798 = 279.99… → 280; 580 × 2999/5798 = 300.00… → 300.
    expect(vat.lines.map((line) => line.discountPence)).toEqual([280, 300]);
    // Goods after the code: 2519 (0%) and 2699 (20%); delivery 399 × 2699/5218 = 206.38 → 206.
    const [standard, zero] = vat.breakdown;
    expect(standard).toEqual({
      rate_percent: 20,
      gross_pence: 2699 + 206,
      vat_pence: 484,
      net_pence: 2905 - 484,
    });
    expect(zero).toEqual({
      rate_percent: 0,
      gross_pence: 2519 + 193,
      vat_pence: 0,
      net_pence: 2712,
    });
    // The bands add up to what was paid.
    expect(sum(vat.breakdown.map((band) => band.gross_pence))).toBe(2799 + 2999 - 580 + 399);
    expect(vat.lines.map((line) => line.vatPence)).toEqual([0, 450]); // 484 × 2699/2905 = 449.7
  });

  it("X-VAT-2: the rashguard and the shorts with standard delivery: 20/120 of the shorts and their share of delivery", () => {
    const vat = orderVat({
      lines: [kids(2799), adult(2999)],
      discountPence: 0,
      deliveryPence: 399,
    });
    const share = Math.round((399 * 2999) / (2999 + 2799)); // 206.37 → 206
    expect(vat.breakdown[0]).toMatchObject({
      rate_percent: 20,
      gross_pence: 2999 + share,
      vat_pence: Math.round(((2999 + share) * 20) / 120),
    });
    expect(vat.breakdown[1]).toMatchObject({
      rate_percent: 0,
      gross_pence: 2799 + 399 - share,
      vat_pence: 0,
    });
  });

  it("X-VAT-2: all kids: one zero band, delivery with it, no VAT", () => {
    const vat = orderVat({
      lines: [kids(2799), kids(4999)],
      discountPence: 779,
      deliveryPence: 399,
    });
    expect(vat.breakdown).toEqual([
      {
        rate_percent: 0,
        net_pence: 2799 + 4999 - 779 + 399,
        vat_pence: 0,
        gross_pence: 2799 + 4999 - 779 + 399,
      },
    ]);
    expect(vat.lines.map((line) => line.vatPence)).toEqual([0, 0]);
  });

  it("X-VAT-2: all adult: one band at 20% of the total, as before issue 52", () => {
    const vat = orderVat({
      lines: [adult(3499), adult(2999, false)],
      discountPence: 350,
      deliveryPence: 899,
    });
    const total = 3499 + 2999 - 350 + 899;
    expect(vat.breakdown).toEqual(standardOnly(total));
    // Only the discounted line takes the code.
    expect(vat.lines.map((line) => line.discountPence)).toEqual([350, 0]);
    expect(sum(vat.lines.map((line) => line.vatPence))).toBeLessThanOrEqual(
      vatIncludedPence(total),
    );
  });

  it("X-VAT-2: pennies: rounded once per rate, halves up, and every split adds up", () => {
    // 1 + 1 + 1 pence of adult goods: per-line rounding would give 0 VAT; the rate's 3p gives 1p.
    const vat = orderVat({
      lines: [adult(1), adult(1), adult(1), kids(1)],
      discountPence: 1,
      deliveryPence: 1,
    });
    const [standard, zero] = vat.breakdown;
    expect(standard!.gross_pence + zero!.gross_pence).toBe(4 - 1 + 1);
    expect(standard!.vat_pence).toBe(vatIncludedPence(standard!.gross_pence));
    expect(sum(vat.lines.map((line) => line.discountPence))).toBe(1);
    // 3p at 20%: 0.5 rounds up to 1p.
    expect(vatIncludedPence(3)).toBe(1);
    // Delivery on goods worth nothing is standard-rated.
    const free = orderVat({ lines: [kids(1000)], discountPence: 1000, deliveryPence: 399 });
    expect(free.breakdown).toEqual([
      { rate_percent: 20, net_pence: 399 - 67, vat_pence: 67, gross_pence: 399 },
    ]);
    expect(() =>
      orderVat({ lines: [kids(100, false)], discountPence: 1, deliveryPence: 0 }),
    ).toThrow();
  });
});

describe("X-VAT-4: refunds give back VAT in proportion", () => {
  const order = orderVat({
    lines: [kids(2799), adult(2999)],
    discountPence: 0,
    deliveryPence: 399,
  }).breakdown;

  it("X-VAT-4: a refunded kids' line gives back no VAT; the shorts' line gives back its VAT", () => {
    expect(
      refundVat({
        orderBands: order,
        earlier: [],
        amountPence: 2799,
        against: [{ ratePercent: 0, grossPence: 2799 }],
      }),
    ).toEqual([{ rate_percent: 0, net_pence: 2799, vat_pence: 0, gross_pence: 2799 }]);
    const shorts = refundVat({
      orderBands: order,
      earlier: [],
      amountPence: 2999,
      against: [{ ratePercent: 20, grossPence: 2999 }],
    });
    expect(shorts[0]!.vat_pence).toBe(
      Math.round((2999 * order[0]!.vat_pence) / order[0]!.gross_pence),
    );
  });

  it("X-VAT-4: an amount refunded in parts across the whole order gives back exactly its VAT", () => {
    const first = refundVat({ orderBands: order, earlier: [], amountPence: 1001 });
    const second = refundVat({ orderBands: order, earlier: first, amountPence: 6197 - 1001 });
    const all = [...first, ...second];
    expect(sum(all.map((band) => band.gross_pence))).toBe(6197);
    expect(sum(all.map((band) => band.vat_pence))).toBe(order[0]!.vat_pence);
  });
});
