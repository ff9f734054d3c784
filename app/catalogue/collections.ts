import type { Category, Group } from "./types";

import { SECTION_LABELS, SECTIONS, type Section } from "./sections";

export { SECTION_LABELS, SECTIONS, type Section } from "./sections";

export interface Collection {
  path: string;
  group: Group;
  section: Section | null;
  title: string;
  description: string;
  categories: readonly Category[];
  /** Kids pages carry the sizing guide block (S-CAT-3). */
  kidsSizing: boolean;
}

const GROUP_CATEGORIES: Record<Group, Record<Section, Category>> = {
  mens: {
    "no-gi": "NO-GI",
    "bjj-gi": "GI",
    leisurewear: "MENS-LEISUREWEAR",
    "muay-thai": "MENS-MUAY-THAI",
  },
  womens: {
    "no-gi": "WOMENS-NO-GI",
    "bjj-gi": "WOMENS-GI",
    leisurewear: "WOMENS-LEISUREWEAR",
    "muay-thai": "WOMENS-MUAY-THAI",
  },
  kids: {
    "no-gi": "KIDS",
    "bjj-gi": "KIDS-GI",
    leisurewear: "KIDS-LEISUREWEAR",
    "muay-thai": "KIDS-MUAY-THAI",
  },
};

const GROUP_TITLES: Record<Group, string> = {
  mens: "Mens",
  womens: "Womens",
  kids: "Kids",
};

const GROUP_BLURBS: Record<Group, string> = {
  mens: "No-gi sets, competition gis, Thai shorts and rest-day kit for men.",
  womens: "Rashguards, shorts and gis cut for women, plus hoodies, sliders and Thai shorts.",
  kids: "Tough kit for young grapplers and strikers, sized by age, with kids' belt ranks.",
};

const SECTION_BLURBS: Record<Section, string> = {
  "no-gi": "Rashguards and grappling shorts in five designs.",
  "bjj-gi": "Pearl-weave competition gis, with your name on the lapel if you like.",
  leisurewear: "Hoodies and sliders for before and after the mat.",
  "muay-thai": "Traditional-cut satin Thai shorts.",
};

function collection(group: Group, section: Section | null): Collection {
  const all = Object.values(GROUP_CATEGORIES[group]);
  // S-CAT-2: /womens/no-gi and /kids/no-gi show the whole collection, /mens/no-gi only NO-GI.
  const wholeCollection = section === null || (section === "no-gi" && group !== "mens");
  const title = section
    ? `${GROUP_TITLES[group]} ${SECTION_LABELS[section]}`
    : `${GROUP_TITLES[group]} Collection`;
  return {
    path: section ? `/${group}/${section}` : `/${group}`,
    group,
    section,
    title,
    description: section ? SECTION_BLURBS[section] : GROUP_BLURBS[group],
    categories: wholeCollection ? all : [GROUP_CATEGORIES[group][section]],
    kidsSizing: group === "kids",
  };
}

export const COLLECTIONS: readonly Collection[] = (["mens", "womens", "kids"] as const).flatMap(
  (group) => [collection(group, null), ...SECTIONS.map((section) => collection(group, section))],
);

export function findCollection(pathname: string): Collection | undefined {
  const normalised = pathname.replace(/\/+$/, "") || "/";
  return COLLECTIONS.find((c) => c.path === normalised);
}
