import { type Catalogue, makeCatalogue } from "../catalogue";
import type { Product, Promotion } from "../types";
import { SEED_PRODUCTS } from "./index";
import { SEED_SITE } from "./sql";

/** The seeded catalogue as the shop builds it from the database (for unit tests of pure code). */
export function seedCatalogue(
  promotions: readonly Promotion[] = [],
  products: readonly Product[] = SEED_PRODUCTS,
): Catalogue {
  return makeCatalogue(products, SEED_SITE, promotions, Date.now());
}

const SEEDED = seedCatalogue();

/** The shop's products (active, not bundles) of the seed. */
export const PRODUCTS = SEEDED.products;

/** A seeded product by id (bundles included); throws for an unknown one. */
export function seeded(id: string): Product {
  const product = SEEDED.all.get(id);
  if (!product) throw new Error(`No seeded product ${id}`);
  return product;
}
