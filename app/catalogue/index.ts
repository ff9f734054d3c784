import type { Category } from "./types";

export * from "./types";
export { DESIGNS } from "./designs";

export const CATEGORY_LABELS: Record<Category, string> = {
  "NO-GI": "No-Gi",
  "WOMENS-NO-GI": "Womens No-Gi",
  KIDS: "Kids No-Gi",
  GI: "BJJ Gi",
  "WOMENS-GI": "Womens BJJ Gi",
  "KIDS-GI": "Kids BJJ Gi",
  "MENS-LEISUREWEAR": "Mens Leisurewear",
  "WOMENS-LEISUREWEAR": "Womens Leisurewear",
  "KIDS-LEISUREWEAR": "Kids Leisurewear",
  "MENS-MUAY-THAI": "Mens Muay Thai",
  "WOMENS-MUAY-THAI": "Womens Muay Thai",
  "KIDS-MUAY-THAI": "Kids Muay Thai",
  ACCESSORIES: "Accessories",
};
