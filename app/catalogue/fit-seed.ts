import type { FitChart, FitMeasure, FitRange } from "./fit";
import { MEASUREMENTS } from "./size-charts";
import type { Category } from "./types";

/**
 * The size finder's charts as the shop opens (X-FIT-1), from today's printed size charts
 * (./size-charts.ts): the seed catalogue carries them and the migration that added
 * `product_options.fit_chart` wrote them into every existing shop's matching options. After that
 * they are the owner's data, edited in the product editor.
 */

/** What a gi shrinks in a hot wash, as seeded; the owner changes it per product. */
export const SEED_GI_SHRINK_PERCENT = 3;

type Table = Record<string, Record<string, unknown>>;

function chartOf(
  table: Table,
  measures: readonly FitMeasure[],
  pick: (row: Record<string, unknown>) => Partial<Record<FitMeasure, FitRange>>,
  shrinkPercent?: number,
): FitChart {
  const chart: FitChart = {
    measures,
    rows: Object.entries(table).map(([size, row]) => ({ size, ranges: pick(row) })),
  };
  return shrinkPercent ? { ...chart, shrinkPercent } : chart;
}

/** "5–6" (years) as a range. */
const ageRange = (age: unknown): FitRange => {
  const [from, to] = String(age).split("–").map(Number);
  return [from!, to ?? from!];
};

type Row = {
  height?: FitRange;
  weight?: FitRange;
  chest?: FitRange;
  waist?: FitRange;
  bust?: FitRange;
  age?: string;
};
const gi = (table: Table) =>
  chartOf(
    table,
    ["heightCm", "weightKg"],
    (r) => ({ heightCm: (r as Row).height!, weightKg: (r as Row).weight! }),
    SEED_GI_SHRINK_PERCENT,
  );

const CHARTS = {
  mensGi: gi(MEASUREMENTS.MENS_GI),
  womensGi: gi(MEASUREMENTS.WOMENS_GI),
  kidsGi: gi(MEASUREMENTS.KIDS_GI),
  mensNoGi: chartOf(MEASUREMENTS.MENS_NO_GI, ["chestCm", "waistCm"], (r) => ({
    chestCm: (r as Row).chest!,
    waistCm: (r as Row).waist!,
  })),
  womensNoGi: chartOf(MEASUREMENTS.WOMENS_NO_GI, ["chestCm", "waistCm"], (r) => ({
    chestCm: (r as Row).bust!,
    waistCm: (r as Row).waist!,
  })),
  kidsNoGi: chartOf(MEASUREMENTS.KIDS_NO_GI, ["ageYears", "heightCm"], (r) => ({
    ageYears: ageRange((r as Row).age),
    heightCm: (r as Row).height!,
  })),
  hoodies: chartOf(MEASUREMENTS.MENS_NO_GI, ["chestCm"], (r) => ({ chestCm: (r as Row).chest! })),
  shorts: chartOf(MEASUREMENTS.SHORTS, ["waistCm"], (r) => ({ waistCm: (r as Row).waist! })),
} as const;

/** Which seeded chart an option of a category gets: by the option's type, then the category. */
const BY_CATEGORY: Partial<Record<Category, Partial<Record<string, FitChart>>>> = {
  GI: { Gi: CHARTS.mensGi },
  "WOMENS-GI": { Gi: CHARTS.womensGi },
  "KIDS-GI": { Gi: CHARTS.kidsGi },
  "NO-GI": { Rashguard: CHARTS.mensNoGi, Shorts: CHARTS.mensNoGi },
  "WOMENS-NO-GI": { Rashguard: CHARTS.womensNoGi, Shorts: CHARTS.womensNoGi },
  KIDS: { Rashguard: CHARTS.kidsNoGi, Shorts: CHARTS.kidsNoGi },
  "MENS-LEISUREWEAR": { Hoodies: CHARTS.hoodies },
  "WOMENS-LEISUREWEAR": { Hoodies: CHARTS.hoodies },
  "KIDS-LEISUREWEAR": { Hoodies: CHARTS.hoodies },
  "MENS-MUAY-THAI": { "Thai Shorts": CHARTS.shorts },
  "WOMENS-MUAY-THAI": { "Thai Shorts": CHARTS.shorts },
  "KIDS-MUAY-THAI": { "Thai Shorts": CHARTS.shorts },
};

/** The seeded chart of an option, or undefined (sliders, accessories, a kind the seed never had). */
export function seedFitChart(category: Category, optionType: string): FitChart | undefined {
  return BY_CATEGORY[category]?.[optionType];
}

/** Every (category, option type, chart) the seed knows: what the migration writes. */
export function seedFitCharts(): { category: Category; optionType: string; chart: FitChart }[] {
  return Object.entries(BY_CATEGORY).flatMap(([category, byType]) =>
    Object.entries(byType ?? {}).map(([optionType, chart]) => ({
      category: category as Category,
      optionType,
      chart: chart!,
    })),
  );
}
