// The shared HTML cache (X-PERF-3): catalogue and information pages rendered once and answered
// to everyone from memory, never older than HTML_CACHE_MAX_AGE_MS, ahead of Express (app/server/http.server.ts wires it in front
// of the app). A miss is today's uncached path, untouched (with its fresh nonce); meanwhile the
// page is rendered once more, without a cookie, and stored with a hash-based policy for its own
// inline scripts, as identity and gzip bytes with every header prepared, so a hit is one write.
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { SESSION_COOKIE } from "~/admin/session.server";
import { env } from "~/env.server";
import { logError } from "~/security/log.server";
import { contentSecurityPolicy } from "~/security/content-security-policy";
import {
  acceptsGzip,
  cacheKey,
  changesCachedPages,
  SHARED_PAGE_CACHE_CONTROL,
  ExpiringLru,
  HTML_CACHE_MAX_BYTES,
  HTML_CACHE_MAX_ENTRIES,
  HTML_CACHE_MAX_AGE_MS,
  HTML_CACHE_REFRESH_MS,
  inlineScriptHashes,
  isStorable,
  mayAnswerFromCache,
  policyNonce,
  withoutNonce,
} from "./html-cache";

type HeaderList = ReadonlyArray<readonly [string, string]>;

export interface HtmlCacheOptions {
  /** Renders a page for `target` (path and query) as the uncached path would, without cookies. */
  render(target: string): Promise<Response>;
  /** Headers every response of the shop carries (the HTTP edge's security headers, app/server/http.server.ts). */
  headers: HeaderList;
  /** Headers added when the request came over https (HSTS). */
  secureHeaders: HeaderList;
  /** Overrides the HTML_CACHE setting (tests). */
  enabled?: boolean;
  /** The clock (tests). */
  now?: () => number;
}

/** A stored page: bodies and the flat header list for each way it can be answered. */
interface StoredPage {
  identity: Buffer;
  gzip: Buffer;
  /** [gzip][secure] */
  head: [[string[], string[]], [string[], string[]]];
  /** When a request starts rendering it again (HTML_CACHE_REFRESH_MS after its render began). */
  refreshAt: number;
}
/** A page that rendered as something not to share (a 404, a 503): handed to the app until its
 *  verdict expires at the refresh age. */
const PASS = "pass";

// Headers a stored page does not take from its render: the policy is rebuilt, lengths and
// encodings are the stored bytes', connection headers are the server's.
const RENDER_ONLY = new Set([
  "content-security-policy",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
]);

export interface HtmlCache {
  /**
   * Answers `req` from the cache and returns true, or returns false for the caller to hand it on
   * (marked `X-Cache: MISS` when it is a page the cache keeps). Call it after the Host check, with
   * whether the request came over https.
   */
  serve(req: IncomingMessage, res: ServerResponse, secure: boolean): boolean;
  /** Forgets every page (also done after any change this process handles). */
  clear(): void;
  readonly size: number;
}

export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const enabled = options.enabled ?? env().HTML_CACHE === "on";
  const clock = options.now ?? Date.now;
  const pages = new ExpiringLru<StoredPage | typeof PASS>(
    HTML_CACHE_MAX_ENTRIES,
    HTML_CACHE_MAX_BYTES,
  );
  const rendering = new Set<string>();
  // Bumped by clear(): a render that started before a change is not stored after it.
  let generation = 0;

  function clear() {
    generation++;
    pages.clear();
  }

  async function fill(key: string) {
    rendering.add(key);
    const started = clock();
    const startedIn = generation;
    try {
      const page = await renderForSharing(options, key, started + HTML_CACHE_REFRESH_MS);
      if (generation !== startedIn) return;
      if (page === PASS) pages.set(key, PASS, key.length, started + HTML_CACHE_REFRESH_MS);
      else {
        const size = page.identity.length + page.gzip.length;
        pages.set(key, page, size, started + HTML_CACHE_MAX_AGE_MS);
      }
    } catch (error) {
      logError(`Caching ${key} failed`, error);
    } finally {
      rendering.delete(key);
    }
  }

  function serve(req: IncomingMessage, res: ServerResponse, secure: boolean): boolean {
    if (!enabled) return false;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") {
      // A review, a stock level, an owner's change: this process shows it at once; a discount
      // check or a search changes nothing shown, so it forgets nothing (issue 25).
      if (changesCachedPages(req.url)) {
        res.once("finish", () => {
          if (res.statusCode < 400) clear();
        });
      }
      return false;
    }
    const key = cacheKey(req.url);
    if (key === null) return false;
    const headers = req.headers;
    const facts = {
      method,
      contentLength: headers["content-length"],
      transferEncoding: headers["transfer-encoding"],
      cookie: headers.cookie,
    };
    if (!mayAnswerFromCache(facts, SESSION_COOKIE)) return false;
    const now = clock();
    const page = pages.get(key, now);
    if (page === undefined || page === PASS) {
      if (page === undefined && !rendering.has(key)) void fill(key);
      res.setHeader("X-Cache", "MISS");
      return false;
    }
    if (now >= page.refreshAt && !rendering.has(key)) void fill(key);
    const gzip = acceptsGzip(headers["accept-encoding"]);
    res.writeHead(200, page.head[gzip ? 1 : 0][secure ? 1 : 0]);
    res.end(method === "HEAD" ? undefined : gzip ? page.gzip : page.identity);
    return true;
  }

  return {
    serve,
    clear,
    get size() {
      return pages.size;
    },
  };
}

async function renderForSharing(
  options: HtmlCacheOptions,
  target: string,
  refreshAt: number,
): Promise<StoredPage | typeof PASS> {
  const response = await options.render(target);
  if (!isStorable(response.status, response.headers)) {
    await response.body?.cancel();
    return PASS;
  }
  const html = await response.text();
  const nonce = policyNonce(response.headers.get("content-security-policy"));
  const shared = nonce ? withoutNonce(html, nonce) : html;
  if (shared === null) return PASS;
  const policy = contentSecurityPolicy({ hashes: inlineScriptHashes(shared) });

  const common: string[] = [];
  response.headers.forEach((value, name) => {
    if (RENDER_ONLY.has(name) || name === "cache-control") return;
    // Express names the charset on the uncached path (`text/html; charset=utf-8`); so do we.
    if (name === "content-type" && !/charset=/i.test(value)) value += "; charset=utf-8";
    common.push(name, value);
  });
  common.push("Content-Security-Policy", policy, "Vary", "Accept-Encoding", "X-Cache", "HIT");
  // A CDN or nginx in front may hold the shared page too, no longer than this cache (README).
  common.push("Cache-Control", SHARED_PAGE_CACHE_CONTROL);
  for (const [name, value] of options.headers) common.push(name, value);
  const secureExtra = options.secureHeaders.flat();

  const identity = Buffer.from(shared, "utf8");
  const gzip = gzipSync(identity);
  const head = (body: Buffer, encoded: boolean): [string[], string[]] => {
    const plain = [...common, "Content-Length", String(body.length)];
    if (encoded) plain.push("Content-Encoding", "gzip");
    return [plain, [...plain, ...secureExtra]];
  };
  return { identity, gzip, head: [head(identity, false), head(gzip, true)], refreshAt };
}
