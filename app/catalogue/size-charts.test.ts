import { describe, expect, it } from "vitest";
import * as sizes from "~/catalogue/sizes";
import {
  HOODIE_CHART,
  KIDS_GI_CHART,
  KIDS_NO_GI_CHART,
  KIDS_SIZE_CHART_URL,
  MENS_GI_CHART,
  MENS_NO_GI_CHART,
  SHORTS_CHART,
  WOMENS_GI_CHART,
  WOMENS_NO_GI_CHART,
  cmToFeetInches,
  cmToInches,
  formatRange,
  type SizeChart,
} from "./size-charts";
import { SIZE_GUIDE_SECTIONS } from "~/content/size-guide";
import { KIDS_SLIDER_CHART, MENS_SLIDER_CHART, WOMENS_SLIDER_CHART } from "~/content/slider-sizes";

const sizesOf = (chart: SizeChart) => chart.rows.map((row) => row.size);

const CATALOGUE_TO_CHART: [string, readonly string[], SizeChart][] = [
  ["men's no-gi", sizes.ADULT_LETTER_SIZES, MENS_NO_GI_CHART],
  ["men's gi", sizes.MENS_GI_SIZES, MENS_GI_CHART],
  ["women's no-gi", sizes.WOMENS_NO_GI_SIZES, WOMENS_NO_GI_CHART],
  ["women's gi", sizes.WOMENS_GI_SIZES, WOMENS_GI_CHART],
  ["kids no-gi", sizes.KIDS_NO_GI_SIZES, KIDS_NO_GI_CHART],
  ["kids gi", sizes.KIDS_GI_SIZES, KIDS_GI_CHART],
  ["Thai shorts", sizes.THAI_SHORTS_SIZES, SHORTS_CHART],
  ["hoodies", sizes.HOODIE_SIZES, HOODIE_CHART],
  ["men's sliders", sizes.MENS_SLIDER_SIZES, MENS_SLIDER_CHART],
  ["women's sliders", sizes.WOMENS_SLIDER_SIZES, WOMENS_SLIDER_CHART],
  ["kids sliders", sizes.KIDS_SLIDER_SIZES, KIDS_SLIDER_CHART],
];

describe("size charts", () => {
  it.each(CATALOGUE_TO_CHART)(
    "S-INFO-1: every %s size of the catalogue is in its chart, in catalogue order",
    (_, catalogueSizes, chart) => {
      expect(sizesOf(chart)).toEqual([...catalogueSizes]);
    },
  );

  it("S-INFO-1: women's shorts (XS-XL) are all on the shorts chart", () => {
    for (const size of sizes.WOMENS_NO_GI_SIZES) expect(sizesOf(SHORTS_CHART)).toContain(size);
  });

  it.each(CATALOGUE_TO_CHART)(
    "S-INFO-1: the %s chart has a value for every column",
    (_, __, chart) => {
      expect(chart.columns.length).toBeGreaterThan(1);
      for (const row of chart.rows) {
        expect(row.cells).toHaveLength(chart.columns.length - 1);
        for (const cell of row.cells) expect(cell.trim()).not.toBe("");
      }
    },
  );

  it("S-INFO-1: gi heights rise with the size", () => {
    for (const chart of [MENS_GI_CHART, WOMENS_GI_CHART, KIDS_GI_CHART]) {
      const heightColumn = chart.columns.indexOf("Height (cm)") - 1;
      const lows = chart.rows.map((row) => Number(row.cells[heightColumn]?.split("–")[0]));
      expect(lows.every((low, i) => i === 0 || low >= (lows[i - 1] ?? 0))).toBe(true);
    }
  });

  it("S-INFO-1: the size guide shows the four charts of the spec first: men's, women's, kids, shorts", () => {
    expect(SIZE_GUIDE_SECTIONS.slice(0, 4).map((s) => s.id)).toEqual([
      "mens",
      "womens",
      "kids",
      "shorts",
    ]);
    const ids = SIZE_GUIDE_SECTIONS.flatMap((s) => s.charts.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("S-CAT-3: the kids chart download has a fixed URL", () => {
    expect(KIDS_SIZE_CHART_URL).toBe("/downloads/kids-size-chart.svg");
  });
});

describe("unit conversions", () => {
  it("S-INFO-1: formats ranges with an en dash", () => {
    expect(formatRange([84, 89])).toBe("84–89");
  });

  it("S-INFO-1: converts centimetres to feet and inches", () => {
    expect(cmToFeetInches(152)).toBe("5′0″");
    expect(cmToFeetInches(183)).toBe("6′0″");
    expect(cmToFeetInches(178)).toBe("5′10″");
    expect(cmToInches(76)).toBe(30);
  });
});
