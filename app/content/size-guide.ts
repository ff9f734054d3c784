import {
  HOODIE_CHART,
  KIDS_GI_CHART,
  KIDS_NO_GI_CHART,
  MENS_GI_CHART,
  MENS_NO_GI_CHART,
  SHORTS_CHART,
  WOMENS_GI_CHART,
  WOMENS_NO_GI_CHART,
  type SizeChart,
} from "~/catalogue/size-charts";
import { SLIDER_CHARTS } from "./slider-sizes";

/** A section of /size-guide: the spec's four charts (men's, women's, kids, shorts), then extras. */
export interface SizeGuideSection {
  /** The section's anchor: /size-guide#kids. */
  id: string;
  title: string;
  intro: string;
  charts: readonly SizeChart[];
}

export const SIZE_GUIDE_SECTIONS: readonly SizeGuideSection[] = [
  {
    id: "mens",
    title: "Men's",
    intro:
      "No-gi rashguards and shorts are sized by chest and waist. Gis are sized by height and weight, with L (long) sizes for taller, leaner builds.",
    charts: [MENS_NO_GI_CHART, MENS_GI_CHART],
  },
  {
    id: "womens",
    title: "Women's",
    intro:
      "Our women's kit is cut for a women's frame, not a smaller men's size. No-gi kit is sized by bust, waist and hip; gis by height and weight.",
    charts: [WOMENS_NO_GI_CHART, WOMENS_GI_CHART],
  },
  {
    id: "kids",
    title: "Kids",
    intro:
      "Kids no-gi sizes are named by age and kids gis run from M0000 to M4, but children vary a lot: measure height and chest, and weight for a gi.",
    charts: [KIDS_NO_GI_CHART, KIDS_GI_CHART],
  },
  {
    id: "shorts",
    title: "Shorts",
    intro:
      "Grappling shorts and Muay Thai shorts are sized by waist and hip. Kids grappling shorts follow the kids no-gi chart; kids Thai shorts come in the sizes below.",
    charts: [SHORTS_CHART],
  },
  {
    id: "hoodies",
    title: "Hoodies",
    intro:
      "A relaxed fit with room for a layer underneath. These are measurements of the hoodie itself, laid flat.",
    charts: [HOODIE_CHART],
  },
  {
    id: "sliders",
    title: "Sliders",
    intro:
      "Sliders come in UK shoe sizes and are cut roomy for easy slip-on wear. If you are a half size, go down to the whole size below.",
    charts: SLIDER_CHARTS,
  },
];

/**
 * The size-guide section for a product's option (issue 41, the team page's size guide): by who it
 * is cut for (the category), then by the garment (shorts, hoodies, sliders); none for accessories.
 */
export function sizeGuideSectionFor(
  category: string,
  optionType: string,
): SizeGuideSection | undefined {
  const id =
    category === "ACCESSORIES"
      ? undefined
      : /slider/i.test(optionType)
        ? "sliders"
        : /hoodie/i.test(optionType)
          ? "hoodies"
          : /shorts/i.test(optionType) && !category.startsWith("KIDS")
            ? "shorts"
            : category.startsWith("KIDS")
              ? "kids"
              : category.startsWith("WOMENS")
                ? "womens"
                : "mens";
  const section = SIZE_GUIDE_SECTIONS.find((candidate) => candidate.id === id);
  if (!section) return undefined;
  // A gi is sized by its gi chart, no-gi kit by the no-gi one; a section with neither keeps all.
  const gi = /(^|-)GI$/.test(category) && !category.endsWith("NO-GI");
  const kind = section.charts.filter((chart) =>
    gi ? chart.id.endsWith("-gi") && !chart.id.endsWith("no-gi") : chart.id.endsWith("no-gi"),
  );
  return kind.length > 0 ? { ...section, charts: kind } : section;
}
