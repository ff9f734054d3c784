import type { Product } from "~/catalogue/types";
import { COLLECTIONS } from "~/catalogue/collections";
import { SEARCH_LIMIT_PER_KIND, SEARCH_QUERY_MAX } from "~/shared/limits";

/** A page of the shop a visitor can find by name (S-SRCH-1). */
export interface SearchPage {
  name: string;
  to: string;
}

/** The information pages, collections, accessories, customisation, FAQ and size guide. */
export const SEARCH_PAGES: readonly SearchPage[] = [
  ...COLLECTIONS.map((c) => ({ name: c.title, to: c.path })),
  { name: "Accessories", to: "/accessories" },
  { name: "Custom academy gear (Customisation)", to: "/customisation" },
  { name: "FAQs", to: "/faq" },
  { name: "Size Guide", to: "/size-guide" },
  { name: "Delivery", to: "/delivery" },
  { name: "Returns & Refunds", to: "/returns" },
  { name: "Production & Delivery (Shipping)", to: "/shipping" },
  { name: "About the brand", to: "/about" },
  { name: "Contact us", to: "/contact" },
  { name: "Order tracking", to: "/tracking" },
  { name: "Privacy policy", to: "/privacy-policy" },
  { name: "Terms of service", to: "/terms-of-service" },
];

export type SearchKind = "product" | "page";

export interface SearchResult {
  kind: SearchKind;
  name: string;
  to: string;
}

/** The query as matched: trimmed, lower case, inner whitespace collapsed, capped in length. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, " ").toLowerCase().slice(0, SEARCH_QUERY_MAX);
}

/**
 * Case-insensitive substring match over product names and page names (S-SRCH-1). A blank query
 * matches nothing. `limit` caps each kind separately; without it every match is returned.
 */
export function searchSite(
  catalogue: readonly Product[],
  query: string,
  limit?: number,
): SearchResult[] {
  const products: SearchResult[] = searchProducts(catalogue, query, limit).map((p) => ({
    kind: "product",
    name: p.name,
    to: `/product/${p.id}`,
  }));
  return [...products, ...pageResults(query, limit)];
}

/** The pages whose name holds the query, as results (known in the browser: no request). */
export function pageResults(query: string, limit?: number): SearchResult[] {
  return searchPages(query, limit).map((p) => ({
    kind: "page",
    name: p.name,
    to: p.to,
  }));
}

/**
 * How well a name matches the query (X-TRUE-10), best first: 0 the query as whole words ("gi" in
 * "BJJ Gi"), 1 at the start of a word ("gi" in "Gift"), 2 anywhere else ("gi" in "No-Gi": a word
 * joined by "-" is one word), undefined no match. Words are what spaces separate.
 */
export function matchRank(name: string, q: string): 0 | 1 | 2 | undefined {
  const text = ` ${name.toLowerCase().replace(/\s+/g, " ")} `;
  if (!text.includes(q)) return undefined;
  if (text.includes(` ${q} `)) return 0;
  if (text.includes(` ${q}`)) return 1;
  return 2;
}

/** The items whose name holds the query, whole-word matches first, else in their own order. */
function ranked<T extends { name: string }>(items: readonly T[], query: string, limit?: number) {
  const q = normaliseQuery(query);
  if (!q) return [];
  return items
    .map((item, index) => ({ item, index, rank: matchRank(item.name, q) }))
    .filter((found) => found.rank !== undefined)
    .sort((a, b) => a.rank! - b.rank! || a.index - b.index)
    .map((found) => found.item)
    .slice(0, limit);
}

/** The products whose name holds the query: whole-word matches first, then in catalogue order. */
export function searchProducts(
  catalogue: readonly Product[],
  query: string,
  limit?: number,
): Product[] {
  return ranked(catalogue, query, limit);
}

/** The pages whose name holds the query, whole-word matches first. */
export function searchPages(query: string, limit?: number): SearchPage[] {
  return ranked(SEARCH_PAGES, query, limit);
}

/** The header's product suggestions: at most 3 (S-SRCH-2), from GET /api/search (the catalogue
 *  is the server's, X-CAT-1); the pages are matched in the browser. */
export function suggestProducts(catalogue: readonly Product[], query: string): SearchResult[] {
  return searchSite(catalogue, query, SEARCH_LIMIT_PER_KIND).filter((r) => r.kind === "product");
}

/** Where the header asks for product suggestions. */
export const SUGGEST_PATH = "/api/search";
