// The shared HTML cache's rules (X-PERF-3), free of Node's HTTP objects so they are unit-tested
// on their own; app/perf/html-cache.server.ts applies them to requests.
import { createHash } from "node:crypto";
import { PUBLIC_PAGE_PATHS } from "~/seo/sitemap";
import { COLLECTIONS } from "~/catalogue/collections";
import {
  ACCESSORY_CATEGORY_OPTIONS,
  AGE_BANDS,
  PRICE_BANDS,
  SORTS,
  VIEWS,
} from "~/catalogue/browse";
import { COLLECTION_MAX_PAGE, HTML_CACHE_MAX_AGE_MS } from "~/shared/limits";

/**
 * Catalogue and information pages (the sitemap's public pages and the product pages): the same
 * for everyone (the cart is read after load from /api/cart, the footer's review count and a
 * product's reviews and stock are public). Checkout, payment, confirmation, tracking, returns,
 * search, the back office, the API and every other path are never cached.
 */
const CACHEABLE_PATHS = new Set<string>(PUBLIC_PAGE_PATHS);
const PRODUCT_PAGE = /^\/product\/([a-z0-9-]+)$/;

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.has(pathname) || PRODUCT_PAGE.test(pathname);
}

/**
 * What the catalogue holds now, for keys (X-SEC-18): the ids of the products that have a page and
 * the product types on sale. Without it (unit tests of the form) only the form is checked.
 */
export interface KnownValues {
  products: ReadonlySet<string>;
  types: ReadonlySet<string>;
}

/** A query value the page reads: accepted, or (null) dropped from the key as the page drops it. */
type ValueRule = (value: string, known?: KnownValues) => boolean;
const among =
  (values: readonly string[]): ValueRule =>
  (value) =>
    values.includes(value);
const wholePage: ValueRule = (value) =>
  /^[1-9]\d{0,2}$/.test(value) && Number(value) <= COLLECTION_MAX_PAGE;

/**
 * The query parameters each cached page reads, with the values it accepts (issue 25): the key
 * keeps only these, in this order, so `?utm_source=…`, a misspelt parameter or an unknown value
 * lands on the page it renders as, and a visitor cannot fill the cache with copies of one page.
 * A default value (`sort=featured`, `page=1`) is dropped too. Everything else reads no query.
 */
const COLLECTION_QUERY: ReadonlyArray<[string, ValueRule]> = [
  // A product type: one the catalogue sells (`known.types`, from the database), else dropped as
  // the page drops it, so made-up types cannot churn the cache (X-SEC-18).
  ["type", (value, known) => /^[a-z0-9-]{1,40}$/.test(value) && (known?.types.has(value) ?? true)],
  ["age", among(AGE_BANDS.map((band) => band.value))],
  ["sort", among(SORTS.map((sort) => sort.value).filter((sort) => sort !== "featured"))],
  ["view", among(VIEWS.filter((view) => view !== "grid"))],
  ["page", (value) => wholePage(value) && value !== "1"],
];
const QUERY_READ: ReadonlyMap<string, ReadonlyArray<[string, ValueRule]>> = new Map([
  ...COLLECTIONS.map((c): [string, ReadonlyArray<[string, ValueRule]>] => [
    c.path,
    COLLECTION_QUERY,
  ]),
  [
    "/accessories",
    [
      ["category", among(ACCESSORY_CATEGORY_OPTIONS.map((option) => option.value))],
      ["price", among(PRICE_BANDS.map((band) => band.value).filter((band) => band !== "all"))],
    ],
  ],
]);

/**
 * The cache key: the path and the query parameters its page reads (above), or null when the
 * request's target is not a cacheable page, or (with `known`) is the page of a product the
 * shop does not show: an unknown id takes no place in the cache (X-SEC-18).
 */
export function cacheKey(target: string | undefined, known?: KnownValues): string | null {
  if (!target?.startsWith("/")) return null;
  const query = target.indexOf("?");
  const pathname = query === -1 ? target : target.slice(0, query);
  if (!isCacheablePath(pathname)) return null;
  const product = PRODUCT_PAGE.exec(pathname)?.[1];
  if (product !== undefined && known && !known.products.has(product)) return null;
  const reads = QUERY_READ.get(pathname);
  if (!reads || query === -1) return pathname;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(target.slice(query + 1));
  } catch {
    return pathname;
  }
  const kept = new URLSearchParams();
  for (const [name, accepts] of reads) {
    const value = params.get(name);
    if (value !== null && accepts(value, known)) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/**
 * Requests that change nothing any cached page shows, so they forget nothing (issue 25): a
 * discount-code check, the cart's prices, a search, a tracking lookup, an enquiry, a photo upload
 * not yet attached to a review, a return request. Everything else that succeeds (a review, a
 * checkout holding stock, a payment, an owner's change) forgets this process's pages at once; the
 * other processes' copies age out within HTML_CACHE_MAX_AGE_MS.
 */
const CHANGES_NO_PAGE = new Set([
  "/api/discounts/validate",
  "/api/cart/prices",
  "/api/search",
  "/tracking",
  "/api/enquiries",
  "/api/uploads",
  "/returns/request",
  "/api/reviews/count",
  "/api/stock",
]);

export function changesCachedPages(target: string | undefined): boolean {
  const pathname = (target ?? "").split("?")[0]!.replace(/\.data$/, "");
  return !CHANGES_NO_PAGE.has(pathname);
}

/** What a CDN or a proxy in front may do with a shared page: keep it as long as this cache does. */
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${
  HTML_CACHE_MAX_AGE_MS / 2000
}, stale-while-revalidate=${HTML_CACHE_MAX_AGE_MS / 2000}`;

export interface RequestFacts {
  method: string | undefined;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}

/**
 * GET or HEAD without a body. Whether it comes from a signed-in owner (who is never answered from
 * the cache) is the session's to say, not the cookie's name (X-SEC-18): see `HtmlCacheOptions.isOwner`.
 */
export function mayAnswerFromCache(request: RequestFacts): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.transferEncoding !== undefined) return false;
  return request.contentLength === undefined || request.contentLength === "0";
}

/** What a response that depends on who asks carries, so no shared cache keeps it (X-SEC-18). */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Whether an answer may depend on who asks (X-SEC-18): it sets a cookie, or the request carries
 * one of the visitor's own cookies (`names`: the owner's session, the cart, the photo uploader)
 * and the route did not declare the answer the same for everyone (`public`: a product's drawing
 * or photo, which browsers keep). Such an answer is `private, no-store`, whatever the route said.
 */
export function dependsOnVisitor(
  cookieHeader: string | undefined,
  names: readonly string[],
  answer: { setsCookie: boolean; cacheControl: string | undefined },
): boolean {
  if (answer.setsCookie) return true;
  if (/^\s*public\b/i.test(answer.cacheControl ?? "")) return false;
  return names.some((name) => carriesCookie(cookieHeader, name));
}

export function carriesCookie(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(";").some((pair) => pair.trim().startsWith(`${name}=`));
}

/** A rendered page may be stored only when it is a plain 200 HTML page that sets no cookie and
 *  does not ask to stay private. */
export function isStorable(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (!headers.get("content-type")?.startsWith("text/html")) return false;
  if (headers.has("set-cookie")) return false;
  return !/\b(private|no-store)\b/i.test(headers.get("cache-control") ?? "");
}

/** The nonce of a page's Content-Security-Policy (`'nonce-…'`), or null. */
export function policyNonce(policy: string | null): string | null {
  return /'nonce-([^']+)'/.exec(policy ?? "")?.[1] ?? null;
}

/**
 * The page without its per-response nonce, for sharing; null when the nonce appears anywhere
 * but in `nonce="…"` attributes (then the page is not stored).
 */
export function withoutNonce(html: string, nonce: string): string | null {
  const stripped = html.replaceAll(` nonce="${nonce}"`, "");
  return stripped.includes(nonce) ? null : stripped;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi;

/** `sha256-…` of each element's text, in order of appearance, without repeats. */
function textHashes(html: string, elements: RegExp, skip: (attributes: string) => boolean) {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(elements)) {
    if (skip(attributes!)) continue;
    hashes.add(`sha256-${createHash("sha256").update(text!, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/** `sha256-…` of every inline script's text, in order of appearance, without repeats: what a
 *  Content-Security-Policy needs to let exactly those scripts run. */
export function inlineScriptHashes(html: string): string[] {
  return textHashes(html, INLINE_SCRIPT, (attributes) => /\bsrc\s*=/i.test(attributes));
}

/** `sha256-…` of every `<style>` element's text (the page's stylesheet, app/perf/page-styles.tsx):
 *  what a Content-Security-Policy needs to let exactly those styles apply. */
export function inlineStyleHashes(html: string): string[] {
  return textHashes(html, INLINE_STYLE, () => false);
}

/** Whether an Accept-Encoding header takes gzip (`gzip;q=0` refuses it; `*` accepts it). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, "gzip");
}

/**
 * Whether an Accept-Encoding header takes this content coding (RFC 9110 §12.5.3): named with
 * q > 0, or "*" with q > 0 when it is not named. "x-gzip" counts as gzip.
 */
export function acceptsEncoding(header: string | undefined, coding: "gzip" | "br"): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (name === coding || (coding === "gzip" && name === "x-gzip")) return !refused;
    if (name === "*") wildcard = !refused;
  }
  return wildcard;
}

/** A least-recently-used map whose entries also expire, bounded by count and by bytes. */
export class ExpiringLru<V> {
  readonly #entries = new Map<string, { value: V; size: number; expires: number }>();
  #bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string, now: number): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= now) {
      this.#bytes -= entry.size;
      return undefined;
    }
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, size: number, expires: number): void {
    this.delete(key);
    if (size > this.maxBytes) return;
    this.#entries.set(key, { value, size, expires });
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.size;
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}
