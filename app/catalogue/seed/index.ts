import { GROUPS, type Product } from "../types";
import { ACCESSORIES, TRAINING_BUNDLE } from "./accessories";
import { groupProducts } from "./garments";

/**
 * The spec's catalogue as the shop opened with it (S-CAT-6, docs/catalogue.md): what migration
 * 0007 wrote into the `products` and `product_options` tables, and what the build draws the
 * pictures of. The shop reads the catalogue from the database (app/catalogue/store.server.ts);
 * this module never reaches the browser.
 */
export const SEED_PRODUCTS: readonly Product[] = [
  ...GROUPS.flatMap(groupProducts),
  ...ACCESSORIES,
  TRAINING_BUNDLE,
];

/** The products whose pictures a build draws at hashed addresses (a bundle shows its first
 *  item's drawing, drawn on request). */
export const SEED_PICTURED: readonly Product[] = SEED_PRODUCTS.filter((product) => !product.bundle);
