// The HTTP edge of the production server: host checks, security headers, static files, the
// shared page cache, React Router for pages and /api, the last error handler and the graceful
// stop. Built by app/server/main.server.ts with the shop's parts.
import http from "node:http";
import { isIPv4, isIPv6 } from "node:net";
import path from "node:path";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request as ExpressRequest } from "express";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import { createRequestHandler } from "@react-router/express";
import { createHtmlCache } from "~/perf/html-cache.server";
import { dependsOnVisitor, PERSONAL_CACHE_CONTROL } from "~/perf/html-cache";
import { precompressedAssets } from "~/perf/precompressed.server";
import { SESSION_COOKIE } from "~/owners/session.server";
import { CART_COOKIE } from "~/cart/server-cart.server";
import { UPLOADER_COOKIE } from "~/reviews/uploader.server";
import { requestContext, type Shop } from "./shop.server";
import { loggablePath, logError } from "~/security/log.server";
import { BODY_LIMITS } from "~/shared/limits";
import { tokensAreWellFormed } from "~/shared/tokens";
import { catalogueKeys, onCatalogueChange } from "~/catalogue/store.server";
import { currentOwner } from "~/owners/guard.server";
import type { Logger } from "pino";
import {
  answerProbe,
  metricsAnswer,
  observeRequests,
  type Readiness,
  routePatterns,
} from "./observe.server";

/** host[:port] as RFC 9110 allows it: a name or IPv4 address, or an [IPv6] literal. */
const HOST_AND_PORT = /^(?:([a-z0-9_-]+(?:\.[a-z0-9_-]+)*)\.?|\[([0-9a-f:.]+)\])(?::(\d{1,5}))?$/i;

/**
 * A Host (or trusted X-Forwarded-Host) the shop can build a URL from (X-SEC-12): a name, an IPv4
 * address or an [IPv6] literal, a port from 1 to 65535 when given, a dotted all-numeric name only
 * when it is a valid IPv4 address, and nothing the URL parser refuses (a name ending in a number).
 */
export function hostIsPlausible(value: string): boolean {
  const match = HOST_AND_PORT.exec(value);
  if (!match) return false;
  const [, name, ipv6, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  if (name !== undefined && /^[\d.]+$/.test(name) && !isIPv4(name)) return false;
  if (ipv6 !== undefined && !isIPv6(ipv6)) return false;
  return URL.canParse(`http://${value}/`);
}

/** Only origin-form targets ("/path?query"): not "*" (OPTIONS *) nor an absolute URL (X-SEC-12). */
function targetIsValid(url: string | undefined): boolean {
  return typeof url === "string" && url.startsWith("/");
}

/** Each route's own limit is counted while its body streams (app/security/edge.server.ts). */
const MAX_BODY_BYTES = BODY_LIMITS.any;

// On every response, cached or not; HSTS only over https, for browsers that have been here over
// https (X-SEC-7).
const SECURITY_HEADERS: [string, string][] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "DENY"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];
const HTTPS_HEADERS: [string, string][] = [
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
];

/** The cookies that make an answer the visitor's own (X-SEC-18). */
const VISITOR_COOKIES = [SESSION_COOKIE, CART_COOKIE, UPLOADER_COOKIE];

type TrustFn = (address: string, hop: number) => boolean;

function hostIsValid(req: http.IncomingMessage): boolean {
  const host = req.headers["x-forwarded-host"] ?? req.headers.host ?? "";
  return hostIsPlausible(String(host).split(",")[0]!.trim());
}

/** The 400 for a request the shop cannot make a URL of; it never reaches Express. */
function refuseMalformed(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  let error: string | undefined;
  if (!targetIsValid(req.url)) error = "The request target must be a path starting with /.";
  else if (!hostIsValid(req)) error = "The Host header is not valid.";
  if (!error) return false;
  const body = JSON.stringify({ error });
  // Set one by one: the request's X-Request-Id is already on the answer (observe.server.ts).
  for (const [name, value] of [
    ...SECURITY_HEADERS,
    ["Content-Type", "application/json; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Cache-Control", "no-store"],
    ["Connection", "close"],
  ] as const) {
    res.setHeader(name, value);
  }
  res.writeHead(400);
  res.end(body);
  return true;
}

/**
 * X-SEC-27: a token route whose token is not of its shape (a NUL, a "%", any other character, a
 * wrong length; app/shared/tokens.ts) is a 404 here, for every method, before the page cache,
 * React Router or the database sees it: the same answer as a link that has expired.
 */
function refuseBadToken(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url!;
  const at = url.indexOf("?");
  const pathname = (at === -1 ? url : url.slice(0, at)).split("#")[0]!;
  const search = at === -1 ? "" : url.slice(at + 1).split("#")[0]!;
  if (tokensAreWellFormed(pathname, search)) return false;
  const api = pathname.startsWith("/api/");
  const body = api
    ? JSON.stringify({ error: "Not found." })
    : '<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Not found | GRIP TRUTH</title><main><h1>Not found</h1><p>This link is not one the shop made, or it was cut short. <a href="/">Go to the shop</a>.</p></main></html>';
  for (const [name, value] of [
    ...SECURITY_HEADERS,
    ["Content-Type", api ? "application/json; charset=utf-8" : "text/html; charset=utf-8"],
    ["Content-Length", String(Buffer.byteLength(body))],
    ["Cache-Control", "no-store"],
    ["Connection", "close"],
  ] as const) {
    res.setHeader(name, value);
  }
  // Whatever body came with it is read and dropped as it arrives, never held.
  req.resume();
  res.writeHead(404);
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

/** Express's req.secure, for a request Express has not seen: TLS, or https said by a trusted
 *  proxy (after dropUntrustedForwarding). */
function isSecure(req: http.IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0]!.trim() === "https";
}

export interface HttpEdgeOptions {
  shop: Shop;
  build: ServerBuild;
  /** Where the browser build lives (build/client). */
  clientDir: string;
  trustProxy: false | number | string[];
  /** REQUEST_TIMEOUT_MS and HEADERS_TIMEOUT_MS (X-SEC-14). */
  timeouts: { requestMs: number; headersMs: number };
  /** The request log, the metrics' token (METRICS_TOKEN) and the readiness the graceful stop
   *  turns off (issue 35, X-DEPLOY-2). */
  watch: { log: Logger; metricsToken: string | undefined; readiness: Readiness };
}

/** The Node HTTP server of the shop, not yet listening. */
export function createHttpServer({
  shop,
  build,
  clientDir,
  trustProxy,
  timeouts,
  watch,
}: HttpEdgeOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Never Express's development error pages (stack traces), whatever NODE_ENV says (X-SEC-3).
  app.set("env", "production");
  // A hop count or a list of proxy addresses: X-Forwarded-* count only when they come from a
  // trusted proxy, so a client cannot choose its own address or host (X-SEC-4).
  app.set("trust proxy", trustProxy);
  const trusted = app.get("trust proxy fn") as TrustFn;

  /** Forwarded host and protocol only from a trusted proxy; a client's own are dropped. */
  const dropUntrustedForwarding = (req: http.IncomingMessage) => {
    if (!trusted(req.socket.remoteAddress ?? "", 0)) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
    }
  };

  app.use((req, res, next) => {
    // The client's address for rate limits, from the socket (or X-Forwarded-For through trusted
    // proxies only); whatever a client sent under this name is overwritten.
    req.headers["x-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) {
      res.status(413).json({ error: "The request is too large." });
      return;
    }
    // A route that refused a body part-way (413) left the rest unread: discard it as it arrives
    // instead of holding it, so the process's memory stays flat (X-SEC-2).
    res.on("finish", () => {
      if (req.complete) return;
      req.removeAllListeners("data");
      req.resume();
    });
    next();
  });
  app.use(compression());
  app.use((req, res, next) => {
    const headers = isSecure(req) ? [...SECURITY_HEADERS, ...HTTPS_HEADERS] : SECURITY_HEADERS;
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  });
  // The hashed files from their build-time Brotli or gzip copies, else as they are.
  app.use(
    "/assets",
    precompressedAssets(path.join(clientDir, "assets")),
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }),
  );
  app.use(express.static(clientDir, { maxAge: "1h" }));
  // Pages, .data and the API: an answer to a request carrying the owner's, the cart's or the
  // uploader's cookie, or one that sets a cookie, may depend on who asks (a draft preview, a
  // cart, a photo not yet attached), so no shared cache may keep it (X-SEC-18). Set as the
  // headers go out, over whatever the route said, unless the route called it `public`.
  app.use((req, res, next) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      const answer = {
        setsCookie: res.hasHeader("set-cookie"),
        cacheControl: res.getHeader("cache-control")?.toString(),
      };
      if (dependsOnVisitor(req.headers.cookie, VISITOR_COOKIES, answer))
        res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  });
  app.use(
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: () => requestContext(shop),
    }),
  );

  // The final error handler (X-SEC-3): whatever slipped through is a plain 500 or the client's
  // own mistake as a 4xx, never a stack trace; logged without the request's data.
  const lastResort: ErrorRequestHandler = (error, req: ExpressRequest, res, _next) => {
    void _next;
    const failure = (error ?? {}) as {
      status?: unknown;
      statusCode?: unknown;
      name?: unknown;
      code?: unknown;
    };
    const status = Number(failure.status ?? failure.statusCode);
    const clientError = status >= 400 && status < 500;
    if (!clientError) {
      console.error(
        `${req.method} ${loggablePath(req.path)} failed: ${String(failure.name ?? "Error")} (${String(failure.code ?? "no code")})`,
      );
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(clientError ? status : 500).json({
      error: clientError
        ? "The request could not be read."
        : "Something went wrong on our side. Please try again.",
    });
  };
  app.use(lastResort);

  // Catalogue and information pages from the shared HTML cache (X-PERF-3, app/perf/html-cache.*),
  // answered before Express once the Host is checked; everything else, and every miss, is the app's.
  const render = createFetchHandler(build, "production");
  const htmlCache = createHtmlCache({
    render: (target) =>
      render(new Request(new URL(target, "http://localhost")), requestContext(shop)),
    headers: SECURITY_HEADERS,
    secureHeaders: HTTPS_HEADERS,
    enabled: shop.settings.HTML_CACHE === "on",
    // Keys only for what a page can serve, and the owner's bypass by session (X-SEC-18).
    known: () => catalogueKeys(shop.connection.db, shop.clock.now().getTime()),
    async isOwner(cookie) {
      const request = new Request("http://localhost/", { headers: { cookie } });
      return (await currentOwner(request, requestContext(shop))) !== undefined;
    },
  });
  // A change made outside a request (a product photo made ready in the background) is shown at
  // once too, and one another process made as soon as this process sees it (X-PHOTO-3).
  const stopListening = onCatalogueChange(() => htmlCache.clear());
  const observe = observeRequests({
    log: watch.log,
    trusted: (address) => trusted(address, 0),
    patternOf: routePatterns(build),
  });
  /** GET /metrics and the probes, answered here before the page cache and React Router. */
  const answerOperator = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const pathname = req.url!.split("?")[0]!;
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    if (pathname === "/metrics") {
      const answer = await metricsAnswer(req.headers.authorization, watch.metricsToken);
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === "HEAD" ? undefined : answer.body);
      return true;
    }
    if (!pathname.startsWith("/api/health/")) return false;
    return answerProbe(pathname, res, shop.connection.db, watch.readiness);
  };
  // A slow client cannot hold a connection: the whole request within `requestTimeout`, its
  // headers within `headersTimeout`, else Node answers 408 and closes it (X-SEC-14). Node looks
  // for such connections every `connectionsCheckingInterval`.
  const server = http.createServer(
    {
      requestTimeout: timeouts.requestMs,
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.max(
        100,
        Math.min(30_000, Math.floor(Math.min(timeouts.requestMs, timeouts.headersMs) / 4)),
      ),
    },
    (req, res) => {
      dropUntrustedForwarding(req);
      observe(req, res, () => {
        if (refuseMalformed(req, res)) return;
        if (refuseBadToken(req, res)) return;
        void answerOperator(req, res).then(
          (answered) => {
            if (!answered) htmlCache.serve(req, res, isSecure(req), () => app(req, res));
          },
          (error: unknown) => {
            logError("Metrics or probe failed", error);
            if (!res.headersSent) res.writeHead(500).end();
          },
        );
      });
    },
  );
  server.on("close", stopListening);
  return server;
}

/**
 * On SIGTERM: stop accepting connections, let requests in flight finish (at most `deadlineMs`),
 * then run `after` (stop the background work, close the database) and exit (X-SCALE-6).
 */
export function gracefulStop(
  server: http.Server,
  deadlineMs: number,
  after: () => Promise<void>,
  readiness?: Readiness,
): (signal: string) => Promise<void> {
  let stopping = false;
  return async function stop(signal) {
    if (stopping) return;
    stopping = true;
    const began = performance.now();
    // GET /api/health/ready answers 503 from now on (connections kept open by a proxy).
    if (readiness) readiness.stopping = true;
    console.log(`${signal}: taking no new requests, finishing those in flight.`);
    const closed = new Promise<string>((resolve) => server.close(() => resolve("finished")));
    // Idle keep-alive connections are closed now; busy ones after their response (below).
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve("deadline"), deadlineMs);
    });
    if ((await Promise.race([closed, deadline])) === "deadline") {
      console.warn(`Requests still open after ${deadlineMs} ms: closing them.`);
      server.closeAllConnections();
    }
    clearTimeout(timer);
    clearInterval(sweep);
    console.log(`Requests finished in ${Math.round(performance.now() - began)} ms.`);
    try {
      await after();
    } catch (error) {
      logError("Shutdown was not clean", error);
      process.exit(1);
    }
    console.log("Stopped.");
    process.exit(0);
  };
}
