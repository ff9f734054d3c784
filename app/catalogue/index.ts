import { ACCESSORIES, TRAINING_BUNDLE } from "./accessories";
import { groupProducts } from "./garments";
import { GROUPS, type Category, type Product } from "./types";

export * from "./types";
export { ACCESSORIES, ACCESSORY_TILES, TRAINING_BUNDLE } from "./accessories";
export { DESIGNS } from "./designs";

export const GARMENTS: readonly Product[] = GROUPS.flatMap(groupProducts);
export const PRODUCTS: readonly Product[] = [...GARMENTS, ...ACCESSORIES];

const BY_ID = new Map(PRODUCTS.map((product) => [product.id, product]));

export function findProduct(id: string): Product | undefined {
  return BY_ID.get(id);
}

/** Everything that can be a cart line: the products, and bundles sold on a page of their own. */
const SELLABLE = new Map([...PRODUCTS, TRAINING_BUNDLE].map((product) => [product.id, product]));

export function findSellable(id: string): Product | undefined {
  return SELLABLE.get(id);
}

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

export function productsInCategories(categories: readonly Category[]): Product[] {
  return categories.flatMap((category) => PRODUCTS.filter((p) => p.category === category));
}

/** The five New Arrivals of the home page (S-CAT-1): the men's no-gi sets at £29.99, was £44.99. */
export const NEW_ARRIVALS: readonly Product[] = GARMENTS.filter(
  (p) => p.group === "mens" && p.kind === "no-gi-set",
);
