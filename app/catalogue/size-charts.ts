import {
  ADULT_LETTER_SIZES,
  HOODIE_SIZES,
  KIDS_GI_SIZES,
  KIDS_NO_GI_SIZES,
  MENS_GI_SIZES,
  THAI_SHORTS_SIZES,
  WOMENS_GI_SIZES,
  WOMENS_NO_GI_SIZES,
} from "~/catalogue/sizes";

export { KIDS_SIZE_CHART_FILENAME, KIDS_SIZE_CHART_URL } from "./size-chart-files";

/** One size chart: a row per catalogue size, the size as the row header. */
export interface SizeChart {
  id: string;
  caption: string;
  /** Header of the size column first, then one per value column. */
  columns: readonly string[];
  rows: readonly { size: string; cells: readonly string[] }[];
  note?: string;
}

type Range = readonly [number, number];

/** "84–89": an en dash between the two ends of a range. */
export function formatRange([from, to]: Range): string {
  return `${from}–${to}`;
}

/** 152 cm as 5′0″, rounded to the nearest inch. */
export function cmToFeetInches(cm: number): string {
  const inches = Math.round(cm / 2.54);
  return `${Math.floor(inches / 12)}′${inches % 12}″`;
}

export function cmToInches(cm: number): number {
  return Math.round(cm / 2.54);
}

/**
 * Builds the rows in the catalogue's own size order. The measurement tables below are keyed
 * by the catalogue's size types, so a size added to app/catalogue/sizes.ts without
 * measurements here fails the type check instead of silently missing from a chart.
 */
function rowsFor<S extends string, M>(
  sizes: readonly S[],
  measurements: Record<S, M>,
  cells: (m: M, size: S) => readonly string[],
): SizeChart["rows"] {
  return sizes.map((size) => ({ size, cells: cells(measurements[size], size) }));
}

type MensNoGi = (typeof ADULT_LETTER_SIZES)[number];
const MENS_NO_GI: Record<MensNoGi, { chest: Range; waist: Range; height: Range }> = {
  XS: { chest: [84, 89], waist: [70, 74], height: [160, 168] },
  S: { chest: [90, 96], waist: [75, 80], height: [165, 173] },
  M: { chest: [97, 102], waist: [81, 86], height: [170, 178] },
  L: { chest: [103, 109], waist: [87, 93], height: [175, 183] },
  XL: { chest: [110, 117], waist: [94, 101], height: [180, 188] },
  XXL: { chest: [118, 125], waist: [102, 109], height: [185, 193] },
};

type Gi = { height: Range; weight: Range };
const MENS_GI: Record<(typeof MENS_GI_SIZES)[number], Gi> = {
  A0: { height: [150, 158], weight: [45, 56] },
  A0L: { height: [158, 166], weight: [45, 56] },
  A1: { height: [160, 170], weight: [55, 68] },
  A1L: { height: [168, 176], weight: [55, 68] },
  A2: { height: [170, 178], weight: [66, 80] },
  A2L: { height: [176, 184], weight: [66, 80] },
  A3: { height: [178, 185], weight: [78, 92] },
  A3L: { height: [184, 190], weight: [78, 92] },
  A4: { height: [185, 191], weight: [90, 105] },
  A4L: { height: [190, 196], weight: [90, 105] },
  A5: { height: [190, 198], weight: [102, 118] },
  A6L: { height: [196, 206], weight: [110, 130] },
};

const WOMENS_NO_GI: Record<
  (typeof WOMENS_NO_GI_SIZES)[number],
  { uk: string; bust: Range; waist: Range; hip: Range }
> = {
  XS: { uk: "6", bust: [78, 82], waist: [60, 64], hip: [85, 89] },
  S: { uk: "8–10", bust: [83, 88], waist: [65, 70], hip: [90, 95] },
  M: { uk: "12", bust: [89, 94], waist: [71, 76], hip: [96, 101] },
  L: { uk: "14", bust: [95, 100], waist: [77, 82], hip: [102, 107] },
  XL: { uk: "16–18", bust: [101, 108], waist: [83, 90], hip: [108, 115] },
};

const WOMENS_GI: Record<(typeof WOMENS_GI_SIZES)[number], Gi> = {
  F1: { height: [150, 157], weight: [42, 52] },
  F1L: { height: [156, 163], weight: [42, 52] },
  F2: { height: [157, 165], weight: [50, 60] },
  F2L: { height: [163, 170], weight: [50, 60] },
  F3: { height: [165, 172], weight: [58, 70] },
  F3L: { height: [170, 177], weight: [58, 70] },
  F4: { height: [172, 180], weight: [68, 82] },
};

const KIDS_NO_GI: Record<
  (typeof KIDS_NO_GI_SIZES)[number],
  { age: string; height: Range; chest: Range; waist: Range }
> = {
  "6Y": { age: "5–6", height: [110, 120], chest: [58, 62], waist: [53, 56] },
  "8Y": { age: "7–8", height: [121, 130], chest: [63, 67], waist: [56, 59] },
  "10Y": { age: "9–10", height: [131, 140], chest: [68, 72], waist: [59, 62] },
  "12Y": { age: "11–12", height: [141, 152], chest: [73, 78], waist: [62, 66] },
  "14Y": { age: "13–14", height: [153, 164], chest: [79, 84], waist: [66, 70] },
};

const KIDS_GI: Record<(typeof KIDS_GI_SIZES)[number], Gi & { age: string }> = {
  M0000: { age: "2–3", height: [90, 100], weight: [12, 16] },
  M000: { age: "3–4", height: [100, 110], weight: [15, 19] },
  M00: { age: "4–6", height: [110, 120], weight: [18, 23] },
  M0: { age: "6–7", height: [120, 130], weight: [22, 28] },
  M1: { age: "8–9", height: [130, 140], weight: [27, 34] },
  M2: { age: "10–11", height: [140, 150], weight: [33, 42] },
  M3: { age: "12–13", height: [150, 160], weight: [40, 50] },
  M4: { age: "14–15", height: [160, 170], weight: [48, 58] },
};

/** Grappling shorts (men's XS-XXL, women's XS-XL) and Thai shorts share one cut chart. */
const SHORTS: Record<(typeof THAI_SHORTS_SIZES)[number], { waist: Range; hip: Range }> = {
  XS: { waist: [66, 71], hip: [84, 89] },
  S: { waist: [72, 77], hip: [90, 95] },
  M: { waist: [78, 84], hip: [96, 101] },
  L: { waist: [85, 91], hip: [102, 107] },
  XL: { waist: [92, 99], hip: [108, 114] },
  XXL: { waist: [100, 108], hip: [115, 122] },
};

const HOODIES: Record<(typeof HOODIE_SIZES)[number], { pitToPit: number; length: number }> = {
  XS: { pitToPit: 50, length: 66 },
  S: { pitToPit: 53, length: 69 },
  M: { pitToPit: 56, length: 71 },
  L: { pitToPit: 59, length: 73 },
  XL: { pitToPit: 62, length: 75 },
  XXL: { pitToPit: 65, length: 77 },
};

const giCells = (m: Gi) => [
  formatRange(m.height),
  `${cmToFeetInches(m.height[0])}–${cmToFeetInches(m.height[1])}`,
  formatRange(m.weight),
];

export const MENS_NO_GI_CHART: SizeChart = {
  id: "mens-no-gi",
  caption: "Men's no-gi rashguards and shorts",
  columns: ["Size", "Chest (cm)", "Waist (cm)", "Height (cm)"],
  rows: rowsFor(ADULT_LETTER_SIZES, MENS_NO_GI, (m) => [
    formatRange(m.chest),
    formatRange(m.waist),
    formatRange(m.height),
  ]),
  note: "Rashguards are a compression fit. Between sizes, or prefer a looser rash? Go up one.",
};

export const MENS_GI_CHART: SizeChart = {
  id: "mens-gi",
  caption: "Men's BJJ gi (A sizes)",
  columns: ["Size", "Height (cm)", "Height (ft/in)", "Weight (kg)"],
  rows: rowsFor(MENS_GI_SIZES, MENS_GI, giCells),
  note: "L sizes are cut longer in the sleeve and leg for the same weight: pick one if you are tall for your weight.",
};

export const WOMENS_NO_GI_CHART: SizeChart = {
  id: "womens-no-gi",
  caption: "Women's no-gi rashguards and shorts",
  columns: ["Size", "UK dress size", "Bust (cm)", "Waist (cm)", "Hip (cm)"],
  rows: rowsFor(WOMENS_NO_GI_SIZES, WOMENS_NO_GI, (m) => [
    m.uk,
    formatRange(m.bust),
    formatRange(m.waist),
    formatRange(m.hip),
  ]),
  note: "Cut for a women's fit through the shoulders and hips. Size by bust for the rashguard and by hip for the shorts.",
};

export const WOMENS_GI_CHART: SizeChart = {
  id: "womens-gi",
  caption: "Women's BJJ gi (F sizes)",
  columns: ["Size", "Height (cm)", "Height (ft/in)", "Weight (kg)"],
  rows: rowsFor(WOMENS_GI_SIZES, WOMENS_GI, giCells),
  note: "F sizes have a shorter jacket and narrower shoulders than the men's A sizes; L sizes are cut longer.",
};

export const KIDS_NO_GI_CHART: SizeChart = {
  id: "kids-no-gi",
  caption: "Kids no-gi rashguards and shorts",
  columns: ["Size", "Age (years)", "Height (cm)", "Chest (cm)", "Waist (cm)"],
  rows: rowsFor(KIDS_NO_GI_SIZES, KIDS_NO_GI, (m) => [
    m.age,
    formatRange(m.height),
    formatRange(m.chest),
    formatRange(m.waist),
  ]),
  note: "Age is a guide only: size by height and chest. Growing fast? Go up one size.",
};

export const KIDS_GI_CHART: SizeChart = {
  id: "kids-gi",
  caption: "Kids BJJ gi (M sizes)",
  columns: ["Size", "Age (years)", "Height (cm)", "Weight (kg)"],
  rows: rowsFor(KIDS_GI_SIZES, KIDS_GI, (m) => [
    m.age,
    formatRange(m.height),
    formatRange(m.weight),
  ]),
  note: "Size by height first. If your child is heavier than the range for their height, go up one size.",
};

export const SHORTS_CHART: SizeChart = {
  id: "shorts",
  caption: "Grappling shorts and Thai shorts",
  columns: ["Size", "Waist (cm)", "Waist (in)", "Hip (cm)"],
  rows: rowsFor(THAI_SHORTS_SIZES, SHORTS, (m) => [
    formatRange(m.waist),
    `${cmToInches(m.waist[0])}–${cmToInches(m.waist[1])}`,
    formatRange(m.hip),
  ]),
  note: "Women's grappling shorts run XS to XL on the same measurements. Thai shorts have a wide elastic waistband: if you are between sizes, take the smaller.",
};

export const HOODIE_CHART: SizeChart = {
  id: "hoodies",
  caption: "Hoodies (garment measurements)",
  columns: ["Size", "Pit to pit (cm)", "Body length (cm)", "Fits chest (cm)"],
  rows: rowsFor(HOODIE_SIZES, HOODIES, (m, size) => [
    String(m.pitToPit),
    String(m.length),
    formatRange(MENS_NO_GI[size].chest),
  ]),
  note: "Hoodies come in one size run, XS to XXL, for every collection. Measured flat, armpit to armpit.",
};

/**
 * Today's measurement tables, read by the size finder's seeded charts (./fit-seed.ts), so the
 * finder and the printed charts start from the same figures.
 */
export const MEASUREMENTS = {
  MENS_NO_GI,
  MENS_GI,
  WOMENS_NO_GI,
  WOMENS_GI,
  KIDS_NO_GI,
  KIDS_GI,
  SHORTS,
} as const;
