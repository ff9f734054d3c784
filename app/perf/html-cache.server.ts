// The shared HTML cache (X-PERF-3): catalogue and information pages rendered once and answered
// to everyone from memory, never older than HTML_CACHE_MAX_AGE_MS, ahead of Express (app/server/http.server.ts wires it in front
// of the app). A miss is today's uncached path, untouched (with its fresh nonce); meanwhile the
// page is rendered once more, without a cookie, and stored with a hash-based policy for its own
// inline scripts, as identity and gzip bytes with every header prepared, so a hit is one write.
import type { IncomingMessage, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { SESSION_COOKIE } from "~/owners/session.server";
import { logError } from "~/security/log.server";
import { contentSecurityPolicy } from "~/security/content-security-policy";
import {
  acceptsGzip,
  cacheKey,
  changesCachedPages,
  SHARED_PAGE_CACHE_CONTROL,
  carriesCookie,
  ExpiringLru,
  inlineScriptHashes,
  type KnownValues,
  inlineStyleHashes,
  isStorable,
  mayAnswerFromCache,
  policyNonce,
  withoutNonce,
} from "./html-cache";
import {
  HTML_CACHE_MAX_AGE_MS,
  HTML_CACHE_MAX_BYTES,
  HTML_CACHE_MAX_ENTRIES,
  HTML_CACHE_REFRESH_MS,
} from "~/shared/limits";

type HeaderList = ReadonlyArray<readonly [string, string]>;

export interface HtmlCacheOptions {
  /** Renders a page for `target` (path and query) as the uncached path would, without cookies. */
  render(target: string): Promise<Response>;
  /** Headers every response of the shop carries (the HTTP edge's security headers, app/server/http.server.ts). */
  headers: HeaderList;
  /** Headers added when the request came over https (HSTS). */
  secureHeaders: HeaderList;
  /** HTML_CACHE=on (the shop's settings); off renders every page per request. */
  enabled: boolean;
  /** What the catalogue holds now (product ids with a page, types on sale), so a made-up id
   *  or filter value takes no place in the cache (X-SEC-18); without it only forms are checked. */
  known?: () => Promise<KnownValues>;
  /** Whether a request carrying the owner's cookie (this header) has a live owner session:
   *  only then is it handed to the app; a cookie that merely has the name is answered from the
   *  cache (X-SEC-18). Without it, the cookie's name is enough. */
  isOwner?: (cookieHeader: string) => Promise<boolean>;
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
   * Answers `req` from the cache (a hit, or a miss rendered once and stored), or calls `next` to
   * hand it to the app (marked `X-Cache: MISS` when it is a page the cache keeps). Call it after
   * the Host check, with whether the request came over https.
   */
  serve(req: IncomingMessage, res: ServerResponse, secure: boolean, next: () => void): void;
  /** Forgets every page (also done after any change this process handles). */
  clear(): void;
  readonly size: number;
}

export function createHtmlCache(options: HtmlCacheOptions): HtmlCache {
  const { enabled } = options;
  const clock = options.now ?? Date.now;
  const pages = new ExpiringLru<StoredPage | typeof PASS>(
    HTML_CACHE_MAX_ENTRIES,
    HTML_CACHE_MAX_BYTES,
  );
  /** Renders in flight, by key: a miss waits for the one under way instead of rendering again. */
  const rendering = new Map<string, Promise<Filled>>();
  // Bumped by clear(): a render that started before a change is not stored after it.
  let generation = 0;

  function clear() {
    generation++;
    pages.clear();
  }

  function fill(key: string): Promise<Filled> {
    const under = rendering.get(key);
    if (under) return under;
    const started = clock();
    const startedIn = generation;
    const done = (async (): Promise<Filled> => {
      try {
        const filled = await renderForSharing(options, key, started + HTML_CACHE_REFRESH_MS);
        if (generation !== startedIn) return filled;
        if (filled.page) {
          const size = filled.page.identity.length + filled.page.gzip.length;
          pages.set(key, filled.page, size, started + HTML_CACHE_MAX_AGE_MS);
        } else pages.set(key, PASS, key.length, started + HTML_CACHE_REFRESH_MS);
        return filled;
      } catch (error) {
        logError(`Caching ${key} failed`, error);
        return {};
      } finally {
        rendering.delete(key);
      }
    })();
    rendering.set(key, done);
    return done;
  }

  function answer(
    res: ServerResponse,
    page: StoredPage,
    head: boolean,
    gzip: boolean,
    secure: boolean,
    state: "HIT" | "MISS",
  ) {
    const headers = page.head[gzip ? 1 : 0][secure ? 1 : 0];
    res.writeHead(200, state === "HIT" ? headers : withCacheState(headers, state));
    res.end(head ? undefined : gzip ? page.gzip : page.identity);
  }

  function serve(
    req: IncomingMessage,
    res: ServerResponse,
    secure: boolean,
    next: () => void,
  ): void {
    if (!enabled) return next();
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") {
      // A review, a stock level, an owner's change: this process shows it at once; a discount
      // check or a search changes nothing shown, so it forgets nothing (issue 25).
      if (changesCachedPages(req.url)) {
        res.once("finish", () => {
          if (res.statusCode < 400) clear();
        });
      }
      return next();
    }
    if (cacheKey(req.url) === null) return next();
    const headers = req.headers;
    const facts = {
      method,
      contentLength: headers["content-length"],
      transferEncoding: headers["transfer-encoding"],
    };
    if (!mayAnswerFromCache(facts)) return next();
    void decide(req).then(
      (key) => (key === null ? next() : serveKey(req, res, key, secure, next)),
      (error) => {
        logError("Checking a page for the cache failed", error);
        next();
      },
    );
  }

  /** The request's key, or null when it goes to the app: an owner's session, an unknown id. */
  async function decide(req: IncomingMessage): Promise<string | null> {
    const cookie = req.headers.cookie;
    if (carriesCookie(cookie, SESSION_COOKIE)) {
      if (!options.isOwner || (await options.isOwner(cookie!))) return null;
    }
    return cacheKey(req.url, options.known ? await options.known() : undefined);
  }

  function serveKey(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    secure: boolean,
    next: () => void,
  ): void {
    const method = req.method;
    const headers = req.headers;
    const now = clock();
    const page = pages.get(key, now);
    const gzip = acceptsGzip(headers["accept-encoding"]);
    if (page === PASS) {
      // Rendered lately as something not to share (a 404): the app's, once per request.
      res.setHeader("X-Cache", "MISS");
      return next();
    }
    if (page === undefined) {
      // A miss renders once (issue 25): this request, and any that arrive meanwhile, are
      // answered from the one render that fills the cache; the first to ask also gets a render
      // that is not to be shared (a 404), the others the app's own.
      const first = !rendering.has(key);
      void fill(key).then(
        (filled) => {
          if (filled.page) return answer(res, filled.page, method === "HEAD", gzip, secure, "MISS");
          if (first && filled.unshared && !filled.unshared.headers.has("set-cookie"))
            return writeUnshared(res, filled.unshared, options, secure, method === "HEAD");
          res.setHeader("X-Cache", "MISS");
          next();
        },
        () => next(),
      );
      return;
    }
    if (now >= page.refreshAt && !rendering.has(key)) void fill(key);
    answer(res, page, method === "HEAD", gzip, secure, "HIT");
  }

  return {
    serve,
    clear,
    get size() {
      return pages.size;
    },
  };
}

/** What one render gave: a page to share, or (for the visitor who asked) one not to share. */
interface Filled {
  page?: StoredPage;
  unshared?: { status: number; headers: Headers; body: Buffer };
}

async function renderForSharing(
  options: HtmlCacheOptions,
  target: string,
  refreshAt: number,
): Promise<Filled> {
  const response = await options.render(target);
  if (!isStorable(response.status, response.headers)) {
    const body = Buffer.from(await response.arrayBuffer());
    return { unshared: { status: response.status, headers: response.headers, body } };
  }
  const html = await response.text();
  const nonce = policyNonce(response.headers.get("content-security-policy"));
  const shared = nonce ? withoutNonce(html, nonce) : html;
  if (shared === null) {
    const body = Buffer.from(html, "utf8");
    return { unshared: { status: response.status, headers: response.headers, body } };
  }
  const policy = contentSecurityPolicy({
    hashes: inlineScriptHashes(shared),
    styleHashes: inlineStyleHashes(shared),
  });

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
  return { page: { identity, gzip, head: [head(identity, false), head(gzip, true)], refreshAt } };
}

/** A stored page's headers with its X-Cache state changed (the first answer of a render). */
function withCacheState(headers: string[], state: string): string[] {
  const copy = [...headers];
  for (let i = 0; i < copy.length; i += 2) if (copy[i] === "X-Cache") copy[i + 1] = state;
  return copy;
}

/** A render not to share (a 404, a page with its own nonce), written once for its visitor. */
function writeUnshared(
  res: ServerResponse,
  rendered: NonNullable<Filled["unshared"]>,
  options: HtmlCacheOptions,
  secure: boolean,
  head: boolean,
) {
  const headers: string[] = [];
  rendered.headers.forEach((value, name) => {
    if (name === "content-length" || name === "content-encoding" || name === "transfer-encoding")
      return;
    headers.push(name, value);
  });
  for (const [name, value] of options.headers) headers.push(name, value);
  if (secure) headers.push(...options.secureHeaders.flat());
  headers.push("X-Cache", "MISS", "Content-Length", String(rendered.body.length));
  res.writeHead(rendered.status, headers);
  res.end(head ? undefined : rendered.body);
}
