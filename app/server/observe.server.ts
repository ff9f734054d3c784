// What an operator watches (issue 35, X-DEPLOY-2): each request's JSON log line and its count and
// duration in the metrics, the request id, GET /metrics for the bearer of METRICS_TOKEN, and the
// probes /api/health/live and /api/health/ready. Used by the HTTP edge (http.server.ts).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID, timingSafeEqual } from "node:crypto";
import type http from "node:http";
import { format } from "node:util";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { countPageCache, countRequest, metricsText } from "~/metrics/metrics.server";
import { createLog } from "~/security/log.server";

const requestIds = new AsyncLocalStorage<string>();

/** The request id of the request being answered (undefined outside one). */
export function currentRequestId(): string | undefined {
  return requestIds.getStore();
}

/** The server's logger: every line carries the request id while a request is answered. */
export function serverLog(options: Omit<Parameters<typeof createLog>[0] & object, "mixin"> = {}) {
  return createLog({
    ...options,
    mixin: () => {
      const id = requestIds.getStore();
      return id ? { reqId: id } : {};
    },
  });
}

/**
 * console.log, .info, .warn and .error as JSON lines through `log` (the server program only:
 * the shop's own messages, and any library's, get a time, a level, the request id and the
 * masking of e-mail addresses).
 */
export function sendConsoleTo(log: Logger): void {
  console.log = (...args: unknown[]) => log.info(format(...args));
  console.info = (...args: unknown[]) => log.info(format(...args));
  console.warn = (...args: unknown[]) => log.warn(format(...args));
  console.error = (...args: unknown[]) => log.error(format(...args));
}

/** Answered by the edge itself (below), not by a route module. */
const OPERATOR_PATHS = new Set(["/metrics", "/api/health/live", "/api/health/ready"]);

/**
 * X-SEC-27: the methods counted by name in http_requests_total; any other method Node accepts
 * (PROPFIND, MKCOL, …) is one label, `OTHER`, so a client cannot make a series per method.
 */
const COUNTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const methodLabel = (method: string | undefined) =>
  method && COUNTED_METHODS.has(method) ? method : "OTHER";

/** A request id a proxy may hand on: letters, digits and . _ : -, at most 128. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The route pattern a path belongs to ("/product/:productId"), from the build's own route table,
 * so metrics have one series per route, never one per product or order number. React Router's
 * data requests ("/cart.data") count as their page; the built files as "/assets/*".
 *
 * The table is flattened, ranked and compiled once, here (issue 51): React Router's `matchRoutes`
 * does all three on every call, which took a quarter of a cached page's time. The ranking and the
 * patterns follow React Router's own (`computeScore`, `compilePath`); observe.server.test.ts holds
 * this against `matchRoutes` for every route of the shop.
 */
export function routePatterns(build: Pick<ServerBuild, "routes">): (pathname: string) => string {
  const branches = rankedBranches(build);
  return (pathname) => {
    if (OPERATOR_PATHS.has(pathname)) return pathname;
    if (pathname.startsWith("/assets/")) return "/assets/*";
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const decoded = decodePath(page);
    for (const branch of branches) if (branch.matcher.test(decoded)) return branch.pattern;
    return "unmatched";
  };
}

interface Branch {
  /** The joined path as the metrics name it ("/product/:productId", "/" for the home page). */
  pattern: string;
  matcher: RegExp;
  score: number;
  /** Each route's place among its siblings, root first: React Router's tie-break. */
  indexes: number[];
}

type BuildRoute = NonNullable<ServerBuild["routes"][string]>;

/** Every route that can end a match, as one compiled pattern each, best first. */
function rankedBranches(build: Pick<ServerBuild, "routes">): Branch[] {
  const all = Object.values(build.routes).filter((route) => route !== undefined);
  const children = (parentId: string | undefined) =>
    all.filter((route) => route.parentId === parentId);
  const branches: Branch[] = [];
  const flatten = (routes: BuildRoute[], parentPath: string, parentIndexes: number[]) => {
    routes.forEach((route, index) => {
      const paths =
        route.path === undefined || route.path === "" || !route.path.includes("?")
          ? [route.path ?? ""]
          : explodeOptionalSegments(route.path);
      for (const relative of paths) {
        const path = joinPaths(parentPath, relative);
        const indexes = [...parentIndexes, index];
        if (!route.index) flatten(children(route.id), path, indexes);
        if (route.path === undefined && !route.index) continue;
        const pattern = `/${path}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
        branches.push({
          pattern,
          matcher: compilePath(path),
          score: computeScore(path, route.index === true),
          indexes,
        });
      }
    });
  };
  flatten(children(undefined), "", []);
  // Array.prototype.sort is stable: equal branches keep the table's order, as React Router's do.
  return branches.sort((a, b) =>
    a.score !== b.score ? b.score - a.score : compareIndexes(a.indexes, b.indexes),
  );
}

const joinPaths = (parent: string, child: string) => `${parent}/${child}`.replace(/\/\/+/g, "/");

/** React Router's ranking of a path (react-router's computeScore). */
function computeScore(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += /^:[\w-]+$/.test(segment)
      ? 3
      : /^:[\w-]+/.test(segment)
        ? 3.5
        : segment === ""
          ? 1
          : 10;
  }
  return score;
}

function compareIndexes(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** "a/:b?/c" as the paths it stands for (react-router's explodeOptionalSegments). */
function explodeOptionalSegments(path: string): string[] {
  const [first = "", ...rest] = path.split("/");
  const optional = first.endsWith("?");
  const required = first.replace(/\?$/, "");
  if (rest.length === 0) return optional ? [required, ""] : [required];
  const restExploded = explodeOptionalSegments(rest.join("/"));
  const result = restExploded.map((sub) => (sub === "" ? required : `${required}/${sub}`));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith("/") && exploded === "" ? "/" : exploded));
}

/** A whole path's matcher, case-insensitive, to its end (react-router's compilePath). */
function compilePath(path: string): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)(\?)?/g, (match, _name, optional, index: number, whole: string) => {
        if (!optional) return "/([^\\/]+)";
        const next = whole.charAt(index + match.length);
        return next && next !== "/" ? "/([^\\/]*)" : "(?:/([^\\/]*))?";
      })
      .replace(/\/([\w-]+)\?(?=\/|$|\()/g, "(?:/$1)?");
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, "i");
}

/** The path with each segment decoded, as React Router matches it. */
function decodePath(value: string): string {
  try {
    return value
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return value;
  }
}

export interface ObserveOptions {
  log: Logger;
  /** Is the peer a trusted proxy (TRUST_PROXY), whose X-Request-Id counts? */
  trusted: (address: string) => boolean;
  patternOf: (pathname: string) => string;
}

/**
 * Wraps each request: its id (a trusted proxy's X-Request-Id, else a new one) is echoed on the
 * answer and carried by every log line written while it is answered; when the answer ends, one
 * JSON line (method, route pattern, status, duration) and its metrics. Never the path itself, its
 * query or a header: they may carry an e-mail address or a token.
 */
export function observeRequests({ log, trusted, patternOf }: ObserveOptions) {
  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    const offered = req.headers["x-request-id"];
    const id =
      typeof offered === "string" &&
      REQUEST_ID.test(offered) &&
      trusted(req.socket.remoteAddress ?? "")
        ? offered
        : randomUUID();
    res.setHeader("X-Request-Id", id);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = req.url?.startsWith("/")
        ? patternOf(req.url.split("?")[0]!.split("#")[0]!)
        : "unmatched";
      // A connection closed before the answer was sent is logged as 499 (nginx's "client closed").
      const status = res.writableFinished ? res.statusCode : 499;
      countRequest(methodLabel(req.method), route, status, seconds);
      const cache = res.getHeader("x-cache");
      if (cache === "HIT") countPageCache("hit");
      else if (cache === "MISS") countPageCache("miss");
      requestIds.run(id, () =>
        log[status >= 500 ? "error" : "info"](
          {
            method: req.method,
            route,
            status,
            durationMs: Math.round(seconds * 10_000) / 10,
            ...(cache ? { cache } : {}),
          },
          "request",
        ),
      );
    };
    res.once("finish", finish);
    res.once("close", finish);
    requestIds.run(id, next);
  };
}

/** Whether this process should take traffic (GET /api/health/ready). */
export interface Readiness {
  /** Set by the graceful stop: a stopping process takes no new traffic. */
  stopping: boolean;
}

const READY_TIMEOUT_MS = 2_000;

/**
 * The probes (X-DEPLOY-2): /api/health/live answers while the process does; /api/health/ready
 * only when the process has migrated its database (it listens only after), the database answers
 * within 2 s and it is not stopping. /api/health stays as it was (the route module).
 * Answers true when it answered the request.
 */
export async function answerProbe(
  pathname: string,
  res: http.ServerResponse,
  db: Database,
  readiness: Readiness,
): Promise<boolean> {
  if (pathname === "/api/health/live") {
    sendJson(res, 200, { ok: true, live: true });
    return true;
  }
  if (pathname !== "/api/health/ready") return false;
  if (readiness.stopping) {
    sendJson(res, 503, { ok: false, ready: false, reason: "The shop is stopping." });
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const reachable = await Promise.race([
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS))),
  ]);
  clearTimeout(timer);
  if (!reachable) {
    sendJson(res, 503, { ok: false, ready: false, reason: "The database does not answer." });
  } else sendJson(res, 200, { ok: true, ready: true });
  return true;
}

/**
 * GET /metrics (X-DEPLOY-2): 404 when METRICS_TOKEN is unset (as if there were no such page),
 * 401 without `Authorization: Bearer <METRICS_TOKEN>`, else every metric of this process.
 */
export async function metricsAnswer(
  authorization: string | undefined,
  token: string | undefined,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const text = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (!token) return { status: 404, headers: text, body: "Not found\n" };
  const offered = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    return {
      status: 401,
      headers: { ...text, "WWW-Authenticate": 'Bearer realm="metrics"' },
      body: "The metrics need Authorization: Bearer <METRICS_TOKEN>.\n",
    };
  }
  const { contentType, body } = await metricsText();
  return {
    status: 200,
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
    body,
  };
}

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    "Cache-Control": "no-store",
  });
  res.end(body);
}
