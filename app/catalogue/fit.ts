/**
 * The size finder (X-FIT-1, issue 37): a product option's own size chart as data (each size with
 * the ranges of the measures it is indexed by), and the size a buyer's measures fall in. Pure:
 * the product page's script, the no-JavaScript form and `GET /api/size-finder` share it.
 */

export const FIT_MEASURES = ["heightCm", "weightKg", "chestCm", "waistCm", "ageYears"] as const;
export type FitMeasure = (typeof FIT_MEASURES)[number];
export type FitRange = readonly [number, number];

/**
 * What a person could really measure: a value outside is refused with a sentence, never answered
 * with the smallest or largest size. These figures are stated only here, so they sit beside their
 * rule rather than in shared/limits.ts, which every page's first load carries.
 */
export const FIT_MEASURE_BOUNDS = {
  heightCm: { min: 50, max: 250 },
  weightKg: { min: 8, max: 250 },
  chestCm: { min: 40, max: 200 },
  waistCm: { min: 35, max: 200 },
  ageYears: { min: 1, max: 99 },
} as const;
/** The most the owner may say a garment shrinks, in per cent. */
export const FIT_SHRINK_MAX_PERCENT = 20;
/** Rows one option's size chart may have. */
export const FIT_CHART_MAX_ROWS = 40;

/** How a measure is named to a person, and the word the owner's chart text uses. */
export const MEASURE_WORDS: Record<FitMeasure, { word: string; unit: string; label: string }> = {
  heightCm: { word: "height", unit: "cm", label: "Height" },
  weightKg: { word: "weight", unit: "kg", label: "Weight" },
  chestCm: { word: "chest", unit: "cm", label: "Chest" },
  waistCm: { word: "waist", unit: "cm", label: "Waist" },
  ageYears: { word: "age", unit: "years", label: "Age" },
};

/** One option's chart: the measures it is indexed by, a row per size in the option's order. */
export interface FitChart {
  measures: readonly FitMeasure[];
  rows: readonly { size: string; ranges: Partial<Record<FitMeasure, FitRange>> }[];
  /** The owner's "shrinks about N%" (gis); between two sizes the finder then suggests the larger. */
  shrinkPercent?: number;
}

export type Measures = Partial<Record<FitMeasure, number>>;

export interface FitAnswer {
  size: string;
  between: [string, string] | null;
  note: string;
}

export type FitOutcome =
  | { ok: true; answer: FitAnswer }
  | { ok: false; message: string; fieldErrors?: Partial<Record<FitMeasure, string>> };

const width = ([lo, hi]: FitRange) => Math.max(hi - lo, 1);
const outside = (value: number, [lo, hi]: FitRange) =>
  value < lo ? lo - value : value > hi ? value - hi : 0;

/** A measure as a person says it: "a height of 172 cm". */
function measureText(measure: FitMeasure, value: number): string {
  const { word, unit } = MEASURE_WORDS[measure];
  return `${word} of ${value} ${unit}`;
}

/** Each measure the chart needs that is missing or absurd, with its sentence (issue 56: every
 *  wrong field at once, X-A11Y-2); empty when all fit. */
export function measuresFieldErrors(
  chart: FitChart,
  measures: Measures,
): Partial<Record<FitMeasure, string>> {
  const errors: Partial<Record<FitMeasure, string>> = {};
  for (const measure of chart.measures) {
    const value = measures[measure];
    const { word, unit } = MEASURE_WORDS[measure];
    if (value === undefined || Number.isNaN(value)) {
      errors[measure] =
        `Please give your ${word} in ${unit}: this chart is sized by ${chart.measures
          .map((m) => MEASURE_WORDS[m].word)
          .join(" and ")}.`;
      continue;
    }
    const { min, max } = FIT_MEASURE_BOUNDS[measure];
    if (value < min || value > max) {
      errors[measure] =
        `A ${measureText(measure, value)} is not one we can size from: give it in ${unit}, between ${min} and ${max}.`;
    }
  }
  return errors;
}

/** The first measure the chart needs that is missing or absurd, as a sentence; null when all fit. */
export function measuresProblem(chart: FitChart, measures: Measures): string | null {
  return Object.values(measuresFieldErrors(chart, measures))[0] ?? null;
}

/** The shrink note a gi's answer carries, or "". */
function shrinkNote(chart: FitChart): string {
  return chart.shrinkPercent
    ? ` It shrinks about ${chart.shrinkPercent}% in a hot wash, so between sizes take the larger.`
    : "";
}

/**
 * The size for a buyer's measures, from the chart's rows that the option sells (`sizes`, in the
 * option's order). A row fits when every measure is inside its range. One fitting row is the
 * answer; two or more (ranges overlap at their ends), or none with two rows equally near (the
 * buyer sits in a gap), is "between": the larger when the garment shrinks, else the closer fit.
 */
export function findSize(
  chart: FitChart,
  sizes: readonly string[],
  measures: Measures,
): FitOutcome {
  const fieldErrors = measuresFieldErrors(chart, measures);
  const wrong = Object.values(fieldErrors)[0];
  if (wrong) return { ok: false, message: wrong, fieldErrors };
  const rows = chart.rows
    .filter((row) => sizes.includes(row.size) && chart.measures.every((m) => row.ranges[m]))
    .sort((a, b) => sizes.indexOf(a.size) - sizes.indexOf(b.size));
  if (rows.length === 0)
    return { ok: false, message: "This option has no size chart to size from." };
  const scored = rows.map((row, index) => {
    let miss = 0;
    let offCentre = 0;
    for (const measure of chart.measures) {
      const range = row.ranges[measure]!;
      const value = measures[measure]!;
      miss += outside(value, range) / width(range);
      offCentre += Math.abs(value - (range[0] + range[1]) / 2) / (width(range) / 2);
    }
    return { size: row.size, index, miss, offCentre };
  });
  const fitting = scored.filter((row) => row.miss === 0);
  const shrinks = Boolean(chart.shrinkPercent);
  const pairOf = (a: (typeof scored)[number], b: (typeof scored)[number]) =>
    (a.index < b.index ? [a, b] : [b, a]) as [typeof a, typeof a];

  if (fitting.length === 1) {
    const size = fitting[0]!.size;
    return {
      ok: true,
      answer: { size, between: null, note: `${size} fits your measurements.${shrinkNote(chart)}` },
    };
  }
  if (fitting.length > 1) {
    const [first, second] = [...fitting].sort((a, b) => a.offCentre - b.offCentre);
    const [small, large] = pairOf(first!, second!);
    const pick = shrinks || first!.offCentre === second!.offCentre ? large : first!;
    return {
      ok: true,
      answer: {
        size: pick.size,
        between: [small.size, large.size],
        note: `You sit between ${small.size} and ${large.size}.${
          shrinks ? "" : ` ${pick.size} is the closer fit.`
        }${shrinkNote(chart)}`,
      },
    };
  }
  const [nearest, next] = [...scored].sort((a, b) => a.miss - b.miss || a.offCentre - b.offCentre);
  // In a gap between two neighbouring sizes, about as near to each: between them.
  if (next && Math.abs(nearest!.index - next.index) === 1 && next.miss - nearest!.miss < 0.25) {
    const [small, large] = pairOf(nearest!, next);
    const pick = shrinks ? large : nearest!;
    return {
      ok: true,
      answer: {
        size: pick.size,
        between: [small.size, large.size],
        note: `You sit between ${small.size} and ${large.size}.${
          shrinks ? "" : ` ${pick.size} is the nearer.`
        }${shrinkNote(chart)}`,
      },
    };
  }
  const size = nearest!.size;
  const edge =
    nearest!.index === rows.length - 1
      ? " You are beyond our largest size's range: it is the nearest we make; contact us for a custom fit."
      : nearest!.index === 0
        ? " You are below our smallest size's range: it is the nearest we make."
        : "";
  return {
    ok: true,
    answer: {
      size,
      between: null,
      note: `No size matches all your measurements; ${size} is the nearest.${edge}${shrinkNote(chart)}`,
    },
  };
}

// ── Imperial measures (the form's ft-in and st-lb) ──────────────────────────────────────────

export const CM_PER_INCH = 2.54;
export const KG_PER_POUND = 0.45359237;

/** Feet and inches as centimetres, to one decimal place. */
export function feetInchesToCm(feet: number, inches: number): number {
  return Math.round((feet * 12 + inches) * CM_PER_INCH * 10) / 10;
}

/** Stones and pounds as kilograms, to one decimal place. */
export function stonesPoundsToKg(stones: number, pounds: number): number {
  return Math.round((stones * 14 + pounds) * KG_PER_POUND * 10) / 10;
}

const number = (value: string | null | undefined): number | undefined => {
  const text = (value ?? "").trim();
  if (!text) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
};

/**
 * The measures a query or form sent: metric by name (`heightCm`, …), or for the form's imperial
 * fields (`heightFt`+`heightIn`, `weightSt`+`weightLb`) converted when the metric one is empty.
 */
export function readMeasures(get: (name: string) => string | null | undefined): Measures {
  const measures: Measures = {};
  for (const measure of FIT_MEASURES) {
    const value = number(get(measure));
    if (value !== undefined) measures[measure] = value;
  }
  if (measures.heightCm === undefined) {
    const feet = number(get("heightFt"));
    const inches = number(get("heightIn"));
    if (feet !== undefined || inches !== undefined) {
      measures.heightCm = feetInchesToCm(feet ?? 0, inches ?? 0);
    }
  }
  if (measures.weightKg === undefined) {
    const stones = number(get("weightSt"));
    const pounds = number(get("weightLb"));
    if (stones !== undefined || pounds !== undefined) {
      measures.weightKg = stonesPoundsToKg(stones ?? 0, pounds ?? 0);
    }
  }
  return measures;
}

// ── The owner's chart as text (the product editor) ──────────────────────────────────────────

const WORD_TO_MEASURE = new Map(FIT_MEASURES.map((m) => [MEASURE_WORDS[m].word, m]));

/** A chart as the owner edits it: a line per size, "A1: height 160-170, weight 55-68". */
export function chartText(chart: FitChart | undefined): string {
  if (!chart) return "";
  return chart.rows
    .map(
      (row) =>
        `${row.size}: ${chart.measures
          .map((m) => `${MEASURE_WORDS[m].word} ${row.ranges[m]![0]}-${row.ranges[m]![1]}`)
          .join(", ")}`,
    )
    .join("\n");
}

/** The owner's chart text read back: the chart, null for none, or a sentence saying what is wrong. */
export function parseChartText(
  text: string,
  shrinkPercent: number | undefined,
): { ok: true; chart: FitChart | null } | { ok: false; message: string } {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return { ok: true, chart: null };
  if (lines.length > FIT_CHART_MAX_ROWS) {
    return { ok: false, message: `A size chart can have at most ${FIT_CHART_MAX_ROWS} sizes.` };
  }
  let measures: FitMeasure[] | null = null;
  const rows: FitChart["rows"][number][] = [];
  for (const line of lines) {
    const match = /^([^:]{1,20}):(.*)$/.exec(line);
    if (!match) {
      return {
        ok: false,
        message: `Size chart line "${line}": write it as "A1: height 160-170, weight 55-68".`,
      };
    }
    const size = match[1]!.trim();
    const ranges: Partial<Record<FitMeasure, FitRange>> = {};
    for (const part of match[2]!
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)) {
      const range = /^([a-z]+)\s+(\d+(?:\.\d+)?)\s*[-–]\s*(\d+(?:\.\d+)?)$/i.exec(part);
      const measure = range ? WORD_TO_MEASURE.get(range[1]!.toLowerCase()) : undefined;
      if (!range || !measure) {
        return {
          ok: false,
          message: `Size chart line "${line}": "${part}" should be a measure (height, weight, chest, waist or age) and a range, like "height 160-170".`,
        };
      }
      const lo = Number(range[2]);
      const hi = Number(range[3]);
      const { min, max } = FIT_MEASURE_BOUNDS[measure];
      if (lo > hi || lo < min || hi > max) {
        return {
          ok: false,
          message: `Size chart line "${line}": the ${MEASURE_WORDS[measure].word} range must run from low to high, within ${min}-${max} ${MEASURE_WORDS[measure].unit}.`,
        };
      }
      ranges[measure] = [lo, hi];
    }
    const these = FIT_MEASURES.filter((m) => ranges[m]);
    if (these.length === 0) {
      return { ok: false, message: `Size chart line "${line}" has no measures.` };
    }
    if (measures && these.join() !== measures.join()) {
      return {
        ok: false,
        message: `Size chart line "${line}": every size needs the same measures (${measures
          .map((m) => MEASURE_WORDS[m].word)
          .join(", ")}).`,
      };
    }
    measures = these;
    if (rows.some((row) => row.size === size)) {
      return { ok: false, message: `Size chart: ${size} appears twice.` };
    }
    rows.push({ size, ranges });
  }
  if (
    shrinkPercent !== undefined &&
    !(shrinkPercent >= 0 && shrinkPercent <= FIT_SHRINK_MAX_PERCENT)
  ) {
    return {
      ok: false,
      message: `"Shrinks about" must be a percentage from 0 to ${FIT_SHRINK_MAX_PERCENT}.`,
    };
  }
  const chart: FitChart = { measures: measures!, rows };
  return { ok: true, chart: shrinkPercent ? { ...chart, shrinkPercent } : chart };
}

/**
 * A chart sent as JSON (the owner's API, the CSV import's JSON) checked by the same rules as the
 * editor's text: the chart, or a sentence.
 */
export function checkFitChart(
  value: unknown,
): { ok: true; chart: FitChart } | { ok: false; message: string } {
  const wrong = {
    ok: false as const,
    message:
      'A size chart ("fit") must be {measures: ["heightCm", …], rows: [{size, ranges: {heightCm: [low, high], …}}], shrinkPercent?}.',
  };
  if (typeof value !== "object" || value === null) return wrong;
  const { measures, rows, shrinkPercent } = value as Record<string, unknown>;
  if (!Array.isArray(measures) || !Array.isArray(rows) || rows.length === 0) return wrong;
  if (!measures.every((m) => (FIT_MEASURES as readonly unknown[]).includes(m))) return wrong;
  if (shrinkPercent !== undefined && typeof shrinkPercent !== "number") return wrong;
  for (const row of rows) {
    if (typeof row !== "object" || row === null) return wrong;
    const { size, ranges } = row as Record<string, unknown>;
    if (typeof size !== "string" || typeof ranges !== "object" || ranges === null) return wrong;
    for (const measure of measures as FitMeasure[]) {
      const range = (ranges as Record<string, unknown>)[measure];
      if (!Array.isArray(range) || range.length !== 2 || !range.every(Number.isFinite))
        return wrong;
    }
  }
  const chart = value as FitChart;
  const text = chart.rows
    .map(
      (row) =>
        `${row.size}: ${chart.measures
          .map((m) => `${MEASURE_WORDS[m].word} ${row.ranges[m]![0]}-${row.ranges[m]![1]}`)
          .join(", ")}`,
    )
    .join("\n");
  const read = parseChartText(text, chart.shrinkPercent);
  if (!read.ok) return read;
  return { ok: true, chart: read.chart! };
}
