/**
 * What a category page's URL says (S-CAT-5, X-CAT-1): its sort choices, its views, the query's
 * defaults and the one way to write a query as a URL. The page's own code (the filter form, the
 * view switch, Load More) reads only this module; the rest of the browsing rules, which only the
 * loader runs, are in ./browse.ts, which re-exports these (issue 51 item 5).
 */

export interface FilterOption {
  value: string;
  label: string;
}

/** Age bands of the kids pages' filter (S-CAT-5, docs/catalogue.md: 3-6, 7-10, 11-16 years). */
export const AGE_BANDS = [
  { value: "3-6", label: "3-6 years", min: 3, max: 6 },
  { value: "7-10", label: "7-10 years", min: 7, max: 10 },
  { value: "11-16", label: "11-16 years", min: 11, max: 16 },
] as const;
export type AgeBand = (typeof AGE_BANDS)[number]["value"];

export const SORTS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "name", label: "Name: A to Z" },
] as const;
export type SortValue = (typeof SORTS)[number]["value"];

export const VIEWS = ["grid", "list"] as const;
export type View = (typeof VIEWS)[number];

export interface BrowseQuery {
  type: string | null;
  age: AgeBand | null;
  sort: SortValue;
  view: View;
  page: number;
}

export const DEFAULT_QUERY: BrowseQuery = {
  type: null,
  age: null,
  sort: "featured",
  view: "grid",
  page: 1,
};

/** A query string holding only what differs from the defaults, so URLs stay short and stable. */
const KEY_ORDER = ["type", "age", "category", "price", "sort", "view", "page"];

export function browseSearch(query: Partial<Record<string, string | number | null>>): string {
  const params = new URLSearchParams();
  // One order whatever the form's field order, so one choice always has one URL.
  const entries = Object.entries(query).sort(
    ([a], [b]) => KEY_ORDER.indexOf(a) - KEY_ORDER.indexOf(b),
  );
  for (const [key, value] of entries) {
    if (value === null || value === undefined || value === "") continue;
    const fallback = (DEFAULT_QUERY as unknown as Record<string, unknown>)[key];
    if (fallback !== undefined && String(fallback) === String(value)) continue;
    if (key === "price" && value === "all") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
