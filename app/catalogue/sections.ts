/**
 * The four sections of each collection, as the header's menu names them: a module of its own, so
 * every page's menu carries them without the collections' list (./collections.ts; issue 51
 * item 5).
 */
export const SECTIONS = ["no-gi", "bjj-gi", "leisurewear", "muay-thai"] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_LABELS: Record<Section, string> = {
  "no-gi": "No-Gi",
  "bjj-gi": "BJJ Gi",
  leisurewear: "Leisurewear",
  "muay-thai": "Muay Thai",
};
