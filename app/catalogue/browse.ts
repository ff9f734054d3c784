import type { Pence } from "~/pricing/money";
import {
  ACCESSORY_CATEGORIES,
  type AccessoryCategory,
  type GarmentKind,
  type Product,
} from "./types";
import { COLLECTION_MAX_PAGE, COLLECTION_PAGE_SIZE } from "~/shared/limits";

import {
  AGE_BANDS,
  SORTS,
  VIEWS,
  type AgeBand,
  type BrowseQuery,
  type FilterOption,
  type SortValue,
} from "./browse-url";

export {
  browseSearch,
  DEFAULT_QUERY,
  SORTS,
  VIEWS,
  AGE_BANDS,
  type AgeBand,
  type BrowseQuery,
  type FilterOption,
  type SortValue,
  type View,
} from "./browse-url";

/**
 * Filter, sort, view and paging of a category page (S-CAT-5, X-CAT-1) and of the accessories
 * (S-ACC-2). Pure: the loader, the page and the tests share it, so one URL gives one list.
 */

/** Item types as the Filter-by dropdown names them; the URL value is the garment kind. */
const TYPE_LABELS: Partial<Record<GarmentKind, string>> = {
  "no-gi-set": "Rashguards & no-gi sets",
  gi: "Gis",
  sliders: "Sliders",
  hoodie: "Hoodies",
  "thai-shorts": "Thai shorts",
};

/**
 * The ages (years, inclusive) each kids size fits, from the kids size charts
 * (app/catalogue/size-charts.ts) for no-gi and gi sizes; kids' letter sizes (hoodies, Thai shorts)
 * and UK children's shoe sizes (sliders) by the usual high-street age guides. A product is in an
 * age band when any of its sizes overlaps the band.
 */
export const KIDS_SIZE_AGES: Readonly<Record<string, readonly [number, number]>> = {
  "6Y": [5, 6],
  "8Y": [7, 8],
  "10Y": [9, 10],
  "12Y": [11, 12],
  "14Y": [13, 14],
  M0000: [2, 3],
  M000: [3, 4],
  M00: [4, 6],
  M0: [6, 7],
  M1: [8, 9],
  M2: [10, 11],
  M3: [12, 13],
  M4: [14, 15],
  XS: [3, 4],
  S: [5, 6],
  M: [7, 8],
  L: [9, 10],
  XL: [11, 12],
  XXL: [13, 14],
  // Sliders: UK children's 8-12, then 1-3.
  "8": [3, 4],
  "9": [4, 5],
  "10": [4, 5],
  "11": [5, 6],
  "12": [6, 7],
  "1": [7, 8],
  "2": [8, 9],
  "3": [9, 10],
};

export function productAgeBands(product: Product): AgeBand[] {
  if (product.group !== "kids") return [];
  const sizes = product.options.flatMap((option) => option.sizes);
  return AGE_BANDS.filter((band) =>
    sizes.some((size) => {
      const ages = KIDS_SIZE_AGES[size];
      return ages !== undefined && ages[0] <= band.max && ages[1] >= band.min;
    }),
  ).map((band) => band.value);
}

export interface BrowseOptions {
  types: FilterOption[];
  ages: FilterOption[];
}

/** The page's own filter options, from the products actually on it (S-CAT-5). */
export function browseOptions(products: readonly Product[]): BrowseOptions {
  const kinds = [...new Set(products.map((p) => p.kind))];
  const types = kinds.flatMap((kind) => {
    const label = TYPE_LABELS[kind];
    return label ? [{ value: kind, label }] : [];
  });
  const bands = new Set(products.flatMap(productAgeBands));
  const ages = AGE_BANDS.filter((band) => bands.has(band.value)).map(({ value, label }) => ({
    value,
    label,
  }));
  return { types, ages };
}

// Read by hand rather than with a schema library: the page's own code shares this module, and
// zod would more than double its JavaScript (X-PERF-2). Anything off falls back to the default.
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.find((v) => v === value) ?? null;

/** `?page=`: a whole number from 1 to COLLECTION_MAX_PAGE, as `Number()` reads it; otherwise 1. */
function pageNumber(value: string | null): number {
  const n = Number(value ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= COLLECTION_MAX_PAGE ? n : 1;
}

function firstValues(params: URLSearchParams, keys: readonly string[]) {
  return Object.fromEntries(keys.map((key) => [key, params.get(key) || null]));
}

/** Reads the query string; anything unknown or malformed falls back to the default. */
export function parseBrowseQuery(params: URLSearchParams, options: BrowseOptions): BrowseQuery {
  const { type, age } = firstValues(params, ["type", "age"]);
  const raw = {
    type: type !== null && type !== undefined && type.length <= 40 ? type : null,
    age: oneOf(
      AGE_BANDS.map((b) => b.value),
      age ?? null,
    ),
    sort:
      oneOf(
        SORTS.map((s) => s.value),
        params.get("sort"),
      ) ?? "featured",
    view: oneOf(VIEWS, params.get("view")) ?? "grid",
    page: pageNumber(params.get("page")),
  };
  return {
    type: options.types.some((t) => t.value === raw.type) ? raw.type : null,
    age: options.ages.some((a) => a.value === raw.age) ? raw.age : null,
    sort: raw.sort,
    view: raw.view,
    page: raw.page,
  };
}

export function sortProducts<T extends { name: string; pricePence: Pence }>(
  products: readonly T[],
  sort: SortValue,
): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name, "en-GB");
  const list = [...products];
  switch (sort) {
    case "price-asc":
      return list.sort((a, b) => a.pricePence - b.pricePence || byName(a, b));
    case "price-desc":
      return list.sort((a, b) => b.pricePence - a.pricePence || byName(a, b));
    case "name":
      return list.sort(byName);
    default:
      return list;
  }
}

export interface Page<T> {
  items: T[];
  total: number;
  shown: number;
  /** The page number Load More leads to, or null when everything is shown. */
  nextPage: number | null;
}

export function paginate<T>(
  items: readonly T[],
  page: number,
  size = COLLECTION_PAGE_SIZE,
): Page<T> {
  const visible = items.slice(0, page * size);
  return {
    items: visible,
    total: items.length,
    shown: visible.length,
    nextPage: visible.length < items.length ? page + 1 : null,
  };
}

/** A category page's list for a query: filter by type and age band, sort, then page. */
export function browseProducts(products: readonly Product[], query: BrowseQuery): Page<Product> {
  const filtered = products.filter(
    (p) =>
      (query.type === null || p.kind === query.type) &&
      (query.age === null || productAgeBands(p).includes(query.age)),
  );
  return paginate(sortProducts(filtered, query.sort), query.page);
}

// ── Accessories (S-ACC-2) ──

export const PRICE_BANDS = [
  { value: "all", label: "All", min: 0, max: Number.POSITIVE_INFINITY },
  { value: "under-20", label: "Under £20", min: 0, max: 1999 },
  { value: "20-50", label: "£20 - £50", min: 2000, max: 5000 },
  { value: "50-plus", label: "£50+", min: 5001, max: Number.POSITIVE_INFINITY },
] as const;
export type PriceBand = (typeof PRICE_BANDS)[number]["value"];

export function accessoryCategorySlug(category: AccessoryCategory): string {
  return category
    .toLowerCase()
    .replace(/&/g, "")
    .replace(/[^a-z0-9]+/g, "-");
}

export const ACCESSORY_CATEGORY_OPTIONS: readonly FilterOption[] = ACCESSORY_CATEGORIES.map(
  (category) => ({ value: accessoryCategorySlug(category), label: category }),
);

export interface AccessoryQuery {
  category: string | null;
  price: PriceBand;
}

export function parseAccessoryQuery(params: URLSearchParams): AccessoryQuery {
  const category = params.get("category") || null;
  return {
    category: ACCESSORY_CATEGORY_OPTIONS.some((o) => o.value === category) ? category : null,
    price:
      oneOf(
        PRICE_BANDS.map((b) => b.value),
        params.get("price"),
      ) ?? "all",
  };
}

export function filterAccessories(products: readonly Product[], query: AccessoryQuery): Product[] {
  const band = PRICE_BANDS.find((b) => b.value === query.price) ?? PRICE_BANDS[0];
  return products.filter(
    (p) =>
      (query.category === null ||
        (p.accessoryCategory !== undefined &&
          accessoryCategorySlug(p.accessoryCategory) === query.category)) &&
      p.pricePence >= band.min &&
      p.pricePence <= band.max,
  );
}
