import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ACCESSORY_CATEGORY_OPTIONS,
  AGE_BANDS,
  type AgeBand,
  browseOptions,
  parseAccessoryQuery,
  parseBrowseQuery,
  PRICE_BANDS,
  type PriceBand,
  SORTS,
  type SortValue,
  VIEWS,
} from "./browse";
import { findCollection } from "./collections";
import { productsInCategories as inCategories } from "./catalogue";
import { SEED_TIME, seedCatalogue } from "./seed/catalogue";
import { COLLECTION_MAX_PAGE } from "~/shared/limits";

const productsInCategories = (categories: Parameters<typeof inCategories>[1]) =>
  inCategories(seedCatalogue(SEED_TIME), categories);

// The schemas the query strings were read with before they were read by hand (X-PERF-2): the
// hand reading must give exactly what they gave.
const baseQuerySchema = z.object({
  type: z.string().max(40).nullable().catch(null),
  age: z
    .enum(AGE_BANDS.map((b) => b.value) as [AgeBand, ...AgeBand[]])
    .nullable()
    .catch(null),
  sort: z.enum(SORTS.map((s) => s.value) as [SortValue, ...SortValue[]]).catch("featured"),
  view: z.enum(VIEWS).catch("grid"),
  page: z.coerce.number().int().min(1).max(COLLECTION_MAX_PAGE).catch(1),
});
const accessoryQuerySchema = z.object({
  category: z
    .string()
    .refine((value) => ACCESSORY_CATEGORY_OPTIONS.some((o) => o.value === value))
    .nullable()
    .catch(null),
  price: z.enum(PRICE_BANDS.map((b) => b.value) as [PriceBand, ...PriceBand[]]).catch("all"),
});

const kidsOptions = browseOptions(productsInCategories(findCollection("/kids")!.categories));
const mensOptions = browseOptions(productsInCategories(findCollection("/mens")!.categories));

const value = (known: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(
      ...known,
      "",
      " 2 ",
      "0x2",
      "1e1",
      "2.5",
      "-1",
      String(COLLECTION_MAX_PAGE + 1),
      "x".repeat(41),
    ),
    fc.string({ maxLength: 6 }),
  );
const params = fc
  .record(
    {
      type: value([...kidsOptions.types, ...mensOptions.types].map((t) => t.value)),
      age: value(AGE_BANDS.map((b) => b.value)),
      sort: value(SORTS.map((s) => s.value)),
      view: value(VIEWS),
      page: value(["1", "2", String(COLLECTION_MAX_PAGE)]),
      category: value(ACCESSORY_CATEGORY_OPTIONS.map((o) => o.value)),
      price: value(PRICE_BANDS.map((b) => b.value)),
    },
    { requiredKeys: [] },
  )
  .map((record) => new URLSearchParams(record));

describe("query strings read by hand", () => {
  it("X-PERF-2 X-CAT-1: a category page's query reads exactly as the schema read it", () => {
    fc.assert(
      fc.property(params, fc.constantFrom(kidsOptions, mensOptions), (search, options) => {
        const raw = baseQuerySchema.parse({
          type: search.get("type") || null,
          age: search.get("age") || null,
          sort: search.get("sort") ?? "featured",
          view: search.get("view") ?? "grid",
          page: search.get("page") ?? 1,
        });
        expect(parseBrowseQuery(search, options)).toEqual({
          type: options.types.some((t) => t.value === raw.type) ? raw.type : null,
          age: options.ages.some((a) => a.value === raw.age) ? raw.age : null,
          sort: raw.sort,
          view: raw.view,
          page: raw.page,
        });
      }),
      { numRuns: 3000 },
    );
  });

  it("X-PERF-2 S-ACC-2: the accessories query reads exactly as the schema read it", () => {
    fc.assert(
      fc.property(params, (search) => {
        expect(parseAccessoryQuery(search)).toEqual(
          accessoryQuerySchema.parse({
            category: search.get("category") || null,
            price: search.get("price") ?? "all",
          }),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
