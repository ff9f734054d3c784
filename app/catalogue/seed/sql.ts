import type { Product, SiteContent } from "../types";
import { DEMO_HOME_BLOCKS } from "../home-blocks";

/** A SQL string literal. */
function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
const json = (value: unknown) => `${literal(JSON.stringify(value))}::jsonb`;
const nullable = (value: string | number | undefined, as = (v: string | number) => String(v)) =>
  value === undefined ? "NULL" : as(value);

/** The site's words as the shop opened (the spec's opening sale, S-HOME-1); the home page's
 *  blocks are the demo's until the owner saves theirs (`home_blocks` NULL, X-OWN-4). */
export const SEED_SITE: SiteContent = {
  bannerText: "Opening sale: 30% off selected items",
  heroHeading: "20% off site wide",
  heroText:
    "On every full-price line: no-gi sets, gis, Thai shorts and rest-day kit. Built for the mat, made in small runs.",
  home: DEMO_HOME_BLOCKS,
};

/**
 * The INSERTs that seed the catalogue (migration 0007): written once by
 * `node scripts/catalogue-seed-sql.mjs` and kept in the migration, so the shop opens with
 * exactly the spec's products, prices and sizes (tests/data/catalogue.test.ts compares them).
 */
export function seedSql(products: readonly Product[]): string {
  const rows = products.map((p, position) => {
    const images = p.images.map(({ view, alt, rotation }) => ({ view, alt, rotation }));
    return `(${[
      literal(p.id),
      position + 1,
      literal(p.name),
      literal(p.status),
      literal(p.category),
      nullable(p.group ?? undefined, (v) => literal(String(v))),
      literal(p.kind),
      literal(p.design),
      nullable(p.artColor, (v) => literal(String(v))),
      nullable(p.accessoryCategory, (v) => literal(String(v))),
      p.pricePence,
      nullable(p.originalPricePence),
      literal(p.description),
      json(p.highlights),
      json(images),
      p.bundle ? json(p.bundle) : "NULL",
    ].join(", ")})`;
  });
  const options = products.flatMap((p) =>
    p.options.map(
      (o, position) =>
        `(${[
          literal(p.id),
          position + 1,
          literal(o.type),
          o.pricePence,
          nullable(o.compareAtPricePence),
          json(o.sizes),
          o.customizable ? "true" : "false",
          nullable(o.customPricePence),
          o.beltRanks ? json(o.beltRanks) : "NULL",
          o.colors ? json(o.colors) : "NULL",
        ].join(", ")})`,
    ),
  );
  return [
    `INSERT INTO "products" ("id", "position", "name", "status", "category", "audience", "kind", "design", "art_color", "accessory_category", "price_pence", "compare_at_price_pence", "description", "highlights", "images", "bundle") VALUES\n${rows.join(",\n")};`,
    `INSERT INTO "product_options" ("product_id", "position", "type", "price_pence", "compare_at_price_pence", "sizes", "customizable", "custom_price_pence", "belt_ranks", "colors") VALUES\n${options.join(",\n")};`,
    `INSERT INTO "site_content" ("id", "banner_text", "hero_heading", "hero_text") VALUES (1, ${literal(SEED_SITE.bannerText)}, ${literal(SEED_SITE.heroHeading)}, ${literal(SEED_SITE.heroText)});`,
    `INSERT INTO "catalogue_revision" ("id", "revision") VALUES (1, 1);`,
  ].join("\n--> statement-breakpoint\n");
}
