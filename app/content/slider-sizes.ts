import { KIDS_SLIDER_SIZES, MENS_SLIDER_SIZES, WOMENS_SLIDER_SIZES } from "~/catalogue/sizes";
import type { SizeChart } from "~/catalogue/size-charts";

/**
 * Sliders are sold in UK shoe sizes (app/catalogue/sizes.ts, docs/catalogue.md). EU
 * equivalents and foot lengths follow the usual UK conversion; the same UK number can be a
 * child's or an adult's size, hence three tables keyed by the catalogue's own lists.
 */
type Conversion = { eu: string; footCm: number };

const MENS: Record<(typeof MENS_SLIDER_SIZES)[number], Conversion & { us: string }> = {
  "5": { eu: "38", us: "6", footCm: 23.8 },
  "6": { eu: "39", us: "7", footCm: 24.6 },
  "7": { eu: "40.5", us: "8", footCm: 25.4 },
  "8": { eu: "42", us: "9", footCm: 26.2 },
  "9": { eu: "43", us: "10", footCm: 27.1 },
  "10": { eu: "44.5", us: "11", footCm: 27.9 },
  "11": { eu: "45.5", us: "12", footCm: 28.8 },
  "12": { eu: "47", us: "13", footCm: 29.6 },
  "13": { eu: "48", us: "14", footCm: 30.5 },
  "14": { eu: "49.5", us: "15", footCm: 31.3 },
};

const WOMENS: Record<(typeof WOMENS_SLIDER_SIZES)[number], Conversion> = {
  "11": { eu: "29", footCm: 18.4 },
  "12": { eu: "30.5", footCm: 19.2 },
  "1": { eu: "33", footCm: 20.8 },
  "2": { eu: "34", footCm: 21.6 },
  "3": { eu: "35.5", footCm: 22.5 },
  "4": { eu: "37", footCm: 23.3 },
  "5": { eu: "38", footCm: 24.1 },
  "6": { eu: "39", footCm: 25 },
};

const KIDS: Record<(typeof KIDS_SLIDER_SIZES)[number], Conversion> = {
  "8": { eu: "26", footCm: 15.9 },
  "9": { eu: "27", footCm: 16.8 },
  "10": { eu: "28", footCm: 17.5 },
  "11": { eu: "29", footCm: 18.4 },
  "12": { eu: "30.5", footCm: 19.2 },
  "1": { eu: "33", footCm: 20.8 },
  "2": { eu: "34", footCm: 21.6 },
  "3": { eu: "35.5", footCm: 22.5 },
};

function rows<S extends string>(
  sizes: readonly S[],
  table: Record<S, Conversion & { us?: string }>,
  withUs: boolean,
): SizeChart["rows"] {
  return sizes.map((size) => {
    const c = table[size];
    const cells = [c.eu, ...(withUs ? [c.us ?? ""] : []), c.footCm.toFixed(1)];
    return { size, cells };
  });
}

export const MENS_SLIDER_CHART: SizeChart = {
  id: "mens-sliders",
  caption: "Men's sliders",
  columns: ["UK size", "EU", "US men's", "Foot length (cm)"],
  rows: rows(MENS_SLIDER_SIZES, MENS, true),
};

export const WOMENS_SLIDER_CHART: SizeChart = {
  id: "womens-sliders",
  caption: "Women's sliders",
  columns: ["UK size", "EU", "Foot length (cm)"],
  rows: rows(WOMENS_SLIDER_SIZES, WOMENS, false),
  note: "Sizes 11 and 12 are UK children's sizes, for smaller feet.",
};

export const KIDS_SLIDER_CHART: SizeChart = {
  id: "kids-sliders",
  caption: "Kids sliders",
  columns: ["UK size", "EU", "Foot length (cm)"],
  rows: rows(KIDS_SLIDER_SIZES, KIDS, false),
  note: "Sizes 8 to 12 are UK children's sizes; 1 to 3 are the first adult sizes.",
};

export const SLIDER_CHARTS: readonly SizeChart[] = [
  MENS_SLIDER_CHART,
  WOMENS_SLIDER_CHART,
  KIDS_SLIDER_CHART,
];
