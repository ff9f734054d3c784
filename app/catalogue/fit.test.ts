import { describe, expect, it } from "vitest";
import {
  chartText,
  feetInchesToCm,
  findSize,
  type FitChart,
  parseChartText,
  readMeasures,
  stonesPoundsToKg,
} from "./fit";
import { seedFitChart, seedFitCharts } from "./fit-seed";
import { SEED_PRODUCTS } from "./seed";
import { readProductForm } from "./editing/product-form";

const mensGi = seedFitChart("GI", "Gi")!;
const sizesOf = (chart: FitChart) => chart.rows.map((row) => row.size);
const answer = (chart: FitChart, measures: Parameters<typeof findSize>[2]) => {
  const found = findSize(chart, sizesOf(chart), measures);
  if (!found.ok) throw new Error(found.message);
  return found.answer;
};

describe("X-FIT-1 the size finder over the seeded charts", () => {
  it("X-FIT-1 every size of every seeded chart is what its own mid-range measures find", () => {
    for (const { category, optionType, chart } of seedFitCharts()) {
      for (const row of chart.rows) {
        const mid = Object.fromEntries(
          chart.measures.map((m) => [m, (row.ranges[m]![0] + row.ranges[m]![1]) / 2]),
        );
        expect(answer(chart, mid).size, `${category} ${optionType} ${row.size}`).toBe(row.size);
      }
    }
  });

  it("X-FIT-1 every seeded option with sizes has a chart covering exactly its sizes", () => {
    const charted = SEED_PRODUCTS.flatMap((p) =>
      p.options.flatMap((o) => {
        const chart = seedFitChart(p.category, o.type);
        return chart ? [{ option: o, chart }] : [];
      }),
    );
    expect(charted.length).toBeGreaterThan(20);
    for (const { option, chart } of charted) expect(sizesOf(chart)).toEqual([...option.sizes]);
    const gis = SEED_PRODUCTS.filter((p) => p.kind === "gi");
    expect(
      gis.every((p) => seedFitChart(p.category, "Gi")?.measures.join() === "heightCm,weightKg"),
    ).toBe(true);
  });

  it("X-FIT-1 a range's ends belong to it: 150 cm and 45 kg is A0, 206 cm and 130 kg is A6L", () => {
    expect(answer(mensGi, { heightCm: 150, weightKg: 45 })).toMatchObject({
      size: "A0",
      between: null,
    });
    expect(answer(mensGi, { heightCm: 206, weightKg: 130 })).toMatchObject({
      size: "A6L",
      between: null,
    });
  });

  it("X-FIT-1 on a shared boundary the buyer sits between two sizes, and a gi that shrinks takes the larger", () => {
    // 176 cm, 72 kg: inside A2 (170-178, 66-80) and A2L (176-184, 66-80).
    const found = answer(mensGi, { heightCm: 176, weightKg: 72 });
    expect(found.between).toEqual(["A2", "A2L"]);
    expect(found.size).toBe("A2L");
    expect(found.note).toMatch(/between A2 and A2L/);
    expect(found.note).toMatch(/shrinks about 3%/);
  });

  it("X-FIT-1 in a gap between two no-gi sizes it says so and names the nearer", () => {
    const noGi = seedFitChart("NO-GI", "Rashguard")!;
    // Chest 89.5 sits between XS (84-89) and S (90-96); waist 74.5 between 70-74 and 75-80.
    const found = answer(noGi, { chestCm: 89.5, waistCm: 74.5 });
    expect(found.between).toEqual(["XS", "S"]);
    expect(["XS", "S"]).toContain(found.size);
    expect(found.note).not.toMatch(/shrinks/);
  });

  it("X-FIT-1 beyond the chart: the nearest size, said plainly", () => {
    const found = answer(mensGi, { heightCm: 215, weightKg: 140 });
    expect(found).toMatchObject({ size: "A6L", between: null });
    expect(found.note).toMatch(/beyond our largest/);
  });

  it("X-FIT-1 a missing or absurd measure is a sentence, not a size", () => {
    const missing = findSize(mensGi, sizesOf(mensGi), { heightCm: 180 });
    expect(missing).toEqual({
      ok: false,
      message: expect.stringMatching(/weight in kg/),
      fieldErrors: { weightKg: expect.stringMatching(/weight in kg/) },
    });
    const absurd = findSize(mensGi, sizesOf(mensGi), { heightCm: 900, weightKg: 80 });
    expect(absurd).toEqual({
      ok: false,
      message: expect.stringMatching(/height of 900 cm/),
      fieldErrors: { heightCm: expect.stringMatching(/height of 900 cm/) },
    });
    // Issue 56: every wrong measure at once.
    const both = findSize(mensGi, sizesOf(mensGi), { heightCm: 900 });
    expect(!both.ok && Object.keys(both.fieldErrors ?? {})).toEqual(["heightCm", "weightKg"]);
    const nan = findSize(mensGi, sizesOf(mensGi), { heightCm: Number.NaN, weightKg: 80 });
    expect(nan.ok).toBe(false);
  });

  it("X-FIT-1 only the sizes the option sells are answered", () => {
    const found = findSize(mensGi, ["A1", "A3"], { heightCm: 174, weightKg: 72 });
    expect(found.ok && ["A1", "A3"].includes(found.answer.size)).toBe(true);
  });

  it("X-FIT-1 kids no-gi is sized by age and height", () => {
    const kids = seedFitChart("KIDS", "Rashguard")!;
    expect(kids.measures).toEqual(["ageYears", "heightCm"]);
    expect(answer(kids, { ageYears: 9, heightCm: 135 }).size).toBe("10Y");
  });

  it("X-FIT-1 imperial measures: 5 ft 10 in is 177.8 cm, 11 st 4 lb is 71.7 kg", () => {
    expect(feetInchesToCm(5, 10)).toBe(177.8);
    expect(stonesPoundsToKg(11, 4)).toBe(71.7);
    const read = readMeasures(
      (name) => ({ heightFt: "5", heightIn: "10", weightSt: "11", weightLb: "4" })[name],
    );
    expect(read).toEqual({ heightCm: 177.8, weightKg: 71.7 });
    expect(readMeasures((name) => ({ heightCm: "abc" })[name]).heightCm).toBeNaN();
  });

  it("X-FIT-1 the owner's chart text reads back to the same chart, and a wrong line is a sentence", () => {
    expect(parseChartText(chartText(mensGi), 3)).toEqual({ ok: true, chart: mensGi });
    expect(parseChartText("", undefined)).toEqual({ ok: true, chart: null });
    const wrong = parseChartText("A1: height 170-160", undefined);
    expect(wrong.ok).toBe(false);
    const mixed = parseChartText("A1: height 160-170, weight 55-68\nA2: height 170-178", undefined);
    expect(mixed).toMatchObject({ ok: false, message: expect.stringMatching(/same measures/) });
    expect(parseChartText("A1: shoe 1-2", undefined).ok).toBe(false);
    expect(parseChartText("A1: height 160-170", 50).ok).toBe(false);
  });
});

describe("X-FIT-1 the owner's chart in the product form", () => {
  const form = (fit: string, shrink: string) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({
      name: "Test Gi",
      status: "draft",
      category: "GI",
      description: "A gi.",
      kind: "gi",
      design: "grip-truth",
      price: "74.99",
      version: "1",
      optionCount: "1",
      "option-0-type": "Gi",
      "option-0-price": "74.99",
      "option-0-sizes": "A1\nA2",
      "option-0-fit": fit,
      "option-0-shrink": shrink,
    }))
      data.set(name, value);
    return readProductForm(data, false);
  };

  it("X-FIT-1 reads the chart and the shrink, empty means no finder, a wrong line names itself", () => {
    const read = form("A1: height 160-170, weight 55-68\nA2: height 170-178, weight 66-80", "3%");
    expect(read.ok && (read.body.options as { fit: FitChart }[])[0]!.fit).toEqual({
      measures: ["heightCm", "weightKg"],
      rows: [
        { size: "A1", ranges: { heightCm: [160, 170], weightKg: [55, 68] } },
        { size: "A2", ranges: { heightCm: [170, 178], weightKg: [66, 80] } },
      ],
      shrinkPercent: 3,
    });
    const none = form("", "");
    expect(none.ok && (none.body.options as { fit: unknown }[])[0]!.fit).toBe(null);
    expect(form("A1 height 160", "")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Option Gi: Size chart line "A1 height 160"/),
    });
  });
});
