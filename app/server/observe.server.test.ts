import http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import shopRoutes from "~/routes";
import { afterEach, describe, expect, it } from "vitest";
import { startJobs } from "~/background/runner.server";
import type { Database } from "~/db/client.server";
import { countRequest } from "~/metrics/metrics.server";
import { createLog } from "~/security/log.server";
import { metricsAnswer, observeRequests, routePatterns, serverLog } from "./observe.server";

/** The build's route table in miniature: the root, the home page, a product, the 404. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/home": { id: "routes/home", parentId: "root", index: true },
    "routes/product": { id: "routes/product", parentId: "root", path: "product/:productId" },
    "routes/tracking": { id: "routes/tracking", parentId: "root", path: "tracking" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  },
} as unknown as Pick<ServerBuild, "routes">;

/** Log lines written to memory, parsed. */
function memoryLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, destination };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** An HTTP server with the request observer in front of `handle`; answers its port. */
async function observed(
  trusted: (address: string) => boolean,
  handle: (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    log: ReturnType<typeof createLog>,
  ) => void,
) {
  const { lines, destination } = memoryLog();
  // The server's logger (request id on every line written inside a request), to memory.
  const log = serverLog({ destination });
  const observe = observeRequests({ log, trusted, patternOf: routePatterns(build) });
  const server = http.createServer((req, res) => observe(req, res, () => handle(req, res, log)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, lines };
}

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        res.resume();
        res.on("end", () => resolve(res));
      })
      .on("error", reject);
  });
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

describe("request logs (X-DEPLOY-2)", () => {
  it("X-DEPLOY-2: a request's log lines, found by its request id, carry route pattern, status and duration, and no e-mail address", async () => {
    const { port, lines } = await observed(
      () => true,
      (_req, res, log) => {
        // What a route might log while answering: an e-mail in its message, secrets in fields.
        log.error(
          {
            password: "hunter2",
            payment: { cardNumber: "4242 4242 4242 4242" },
            email: "ana@example.com",
          },
          "Mail to ana@example.com failed; card 4242 4242 4242 4242",
        );
        res.writeHead(201).end();
      },
    );
    const answer = await get(port, "/tracking?email=ana%40example.com&order=GT-1234", {
      "X-Request-Id": "trace-42",
    });
    expect(answer.headers["x-request-id"]).toBe("trace-42");
    await waitFor(() => lines.some((line) => line.includes('"msg":"request"')));
    const mine = lines.filter((line) => JSON.parse(line).reqId === "trace-42");
    expect(mine).toHaveLength(2);
    const request = JSON.parse(mine.find((line) => line.includes('"msg":"request"'))!);
    expect(request).toMatchObject({
      level: "info",
      method: "GET",
      route: "/tracking",
      status: 201,
    });
    expect(typeof request.time).toBe("string");
    expect(request.durationMs).toBeGreaterThanOrEqual(0);
    for (const line of mine) {
      expect(line).not.toMatch(/@|ana|hunter2|4242/);
    }
    expect(mine.join("\n")).toContain("[redacted]");
  });

  it("X-DEPLOY-2: X-Request-Id is taken only from a trusted proxy, and only when it is a plain token; else one is made", async () => {
    const untrusted = await observed(
      () => false,
      (_req, res) => res.end(),
    );
    const made = await get(untrusted.port, "/", { "X-Request-Id": "forged-by-client" });
    expect(made.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const trusted = await observed(
      () => true,
      (_req, res) => res.end(),
    );
    const odd = await get(trusted.port, "/", { "X-Request-Id": "has spaces and a\ttab" });
    expect(odd.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => untrusted.lines.length > 0);
    expect(JSON.parse(untrusted.lines[0]!).reqId).toBe(made.headers["x-request-id"]);
  });

  it("X-DEPLOY-2: e-mail addresses are masked in any message, and secret keys censored, by the logger itself", () => {
    const { lines, destination } = memoryLog();
    const log = createLog({ destination });
    log.info(
      { session: "s3cr3t-session", customer: { email: "bo@example.org" } },
      "Sent to bo@example.org",
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/bo@example\.org|s3cr3t-session/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "Sent to [e-mail]", session: "[redacted]" });
  });
});

describe("route patterns for metrics (X-DEPLOY-2)", () => {
  it("X-DEPLOY-2: one pattern per route, data requests as their page, built files and unknown paths grouped", () => {
    const patternOf = routePatterns(build);
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/");
    expect(patternOf("/product/kids-gi")).toBe("/product/:productId");
    expect(patternOf("/product/kids-gi.data")).toBe("/product/:productId");
    expect(patternOf("/assets/entry-abc123.js")).toBe("/assets/*");
    expect(patternOf("/no/such/page")).toBe("/*");
    expect(patternOf("/metrics")).toBe("/metrics");
    expect(patternOf("/api/health/ready")).toBe("/api/health/ready");
  });
});

describe("route patterns without walking the route table per request (X-PF-5)", () => {
  /** The shop's own route table (app/routes.ts) as the build lists it: id, parentId, path, index. */
  function shopBuild() {
    const routes: Record<
      string,
      { id: string; parentId?: string; path?: string; index?: boolean }
    > = { root: { id: "root", path: "" } };
    const add = (entries: RouteConfigEntry[], parentId: string) =>
      entries.forEach((entry) => {
        const id = entry.id ?? entry.file;
        routes[id] = { id, parentId, path: entry.path, index: entry.index };
        if (entry.children) add(entry.children, id);
      });
    add(shopRoutes, "root");
    return { routes } as unknown as Pick<ServerBuild, "routes">;
  }

  /** What the edge did before issue 51: React Router's matchRoutes over the whole table. */
  function walkedPattern(build: Pick<ServerBuild, "routes">, pathname: string) {
    const all = Object.values(build.routes).filter((route) => route !== undefined);
    const tree = (parentId: string | undefined): RouteObject[] =>
      all
        .filter((route) => route.parentId === parentId)
        .map((route) =>
          route.index
            ? { id: route.id, index: true, path: route.path }
            : { id: route.id, path: route.path, children: tree(route.id) },
        );
    const matches = matchRoutes(tree(undefined), pathname);
    if (!matches) return "unmatched";
    const parts = matches.map((match) => match.route.path).filter((part) => part);
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  }

  it("X-PF-5: every path of every shop route gets the pattern React Router's own matching gives", () => {
    const build = shopBuild();
    const patternOf = routePatterns(build);
    const paths = new Set(["/", "/nothing", "/a/b/c", "/ADMIN/ORDERS", "/product/", "/product//x"]);
    for (const route of Object.values(build.routes)) {
      if (!route?.path) continue;
      const filled = `/${route.path}`.replace(/:[\w-]+\??/g, "x-1").replace(/\*$/, "deep/er");
      paths.add(filled).add(`${filled}/`).add(filled.toUpperCase()).add(`${filled}/extra`);
      paths.add(filled.replace(/x-1/g, "a%20b"));
    }
    expect(paths.size).toBeGreaterThan(400);
    for (const path of paths)
      expect([path, patternOf(path)]).toEqual([path, walkedPattern(build, path)]);
  });
});

describe("GET /metrics (X-DEPLOY-2)", () => {
  it("X-DEPLOY-2: 404 without METRICS_TOKEN, 401 without the bearer token or with another, Prometheus text with it", async () => {
    countRequest("GET", "/product/:productId", 200, 0.042);
    expect((await metricsAnswer("Bearer anything", undefined)).status).toBe(404);
    const token = "a-metrics-token-of-32-characters";
    expect((await metricsAnswer(undefined, token)).status).toBe(401);
    expect((await metricsAnswer(`Bearer ${token}x`, token)).status).toBe(401);
    expect((await metricsAnswer(`Basic ${token}`, token)).status).toBe(401);
    const ok = await metricsAnswer(`Bearer ${token}`, token);
    expect(ok.status).toBe(200);
    expect(ok.headers["Content-Type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toMatch(
      /^http_requests_total\{method="GET",route="\/product\/:productId",status="2xx"\} [1-9]/m,
    );
    expect(ok.body).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.05",route="\/product\/:productId",status="2xx"\} [1-9]/m,
    );
    for (const name of [
      "shop_orders_paid_total",
      "shop_refunds_total",
      "shop_job_failures_total",
      "shop_page_cache_requests_total",
      "shop_outbox_pending",
      "shop_db_pool_connections",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(ok.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it("X-DEPLOY-2: a background job's failure is counted by job, every time it fails", async () => {
    const jobs = startJobs({} as Database, [
      {
        name: "always-fails",
        everyMs: 3_600_000,
        run: () => Promise.reject(new Error("down")),
      },
    ]);
    await jobs.runOnce();
    await jobs.runOnce();
    await jobs.stop();
    const { body } = await metricsAnswer("Bearer 0123456789abcdef", "0123456789abcdef");
    expect(body).toMatch(/^shop_job_failures_total\{job="always-fails"\} 2$/m);
  });
});
