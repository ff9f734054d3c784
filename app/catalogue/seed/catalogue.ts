import { type Catalogue, makeCatalogue } from "../catalogue";
import type { Product, Promotion } from "../types";
import { SEED_PRODUCTS } from "./index";
import { SEED_SITE } from "./sql";

/**
 * A fixed time for the seeded catalogue: with no promotions and no price history (the seed has
 * neither) the catalogue is the same at any time, so the fixtures below need no clock.
 */
export const SEED_TIME = Date.UTC(2026, 0, 1);

/**
 * The seeded catalogue as the shop builds it from the database at `now` (ms; for unit tests of
 * pure code, which pass SEED_TIME or the time their promotions are meant to run at).
 */
export function seedCatalogue(
  now: number,
  promotions: readonly Promotion[] = [],
  products: readonly Product[] = SEED_PRODUCTS,
): Catalogue {
  return makeCatalogue(products, SEED_SITE, promotions, now);
}

const SEEDED = seedCatalogue(SEED_TIME);

/** The shop's products (active, not bundles) of the seed. */
export const PRODUCTS = SEEDED.products;

/** A seeded product by id (bundles included); throws for an unknown one. */
export function seeded(id: string): Product {
  const product = SEEDED.all.get(id);
  if (!product) throw new Error(`No seeded product ${id}`);
  return product;
}
