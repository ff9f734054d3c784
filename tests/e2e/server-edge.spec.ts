// The HTTP edge against the built server (X-SEC): `node server.mjs` started here on a port of
// its own with a throw-away DATA_DIR, talked to over raw HTTP (chunked bodies, bad Host headers,
// forged X-Forwarded-For), its memory read from /proc. Desktop project only: no browser needed.
import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "./built-server";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 20;
// One server at a time: each opens an embedded database of its own.
test.describe.configure({ mode: "serial" });

type Server = BuiltServer;
const startServer = (env: Record<string, string>, port = PORT) => startBuiltServer(env, port);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

function request(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: options.method ?? "GET",
        path: options.path,
        headers: options.headers,
        setHost: !options.headers?.host,
      },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += String(chunk)));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            rawHeaders: res.rawHeaders,
            body,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Streams `total` bytes as a chunked body until the server answers; the status it answered. */
function sendChunked(port: number, route: string, contentType: string, total: number) {
  return new Promise<number>((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: route,
        headers: { "Content-Type": contentType, "Transfer-Encoding": "chunked" },
      },
      (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, "a");
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? "0");
  return kb * 1024;
}

const BODY_ROUTES: [string, string][] = [
  ["/api/create-checkout-session", "application/json"],
  ["/api/discounts/validate", "application/json"],
  ["/api/verify-order", "application/json"],
  ["/api/webhooks/stripe", "application/json"],
  ["/api/products/mens-ranked-gorilla-no-gi-set/reviews", "application/json"],
  ["/api/uploads", "multipart/form-data; boundary=x"],
  ["/api/enquiries", "application/json"],
  ["/payment?session_id=cs_test_x", "application/x-www-form-urlencoded"],
  ["/tracking", "application/x-www-form-urlencoded"],
  ["/returns/request", "application/x-www-form-urlencoded"],
  ["/customisation", "application/x-www-form-urlencoded"],
];

test.describe("the built server's edge", () => {
  test.skip(({ isMobile }) => isMobile, "no browser needed: once, in the desktop project");
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  let server: Server;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // No NODE_ENV: the review found stack traces in exactly this mode.
    server = await startServer({ TRUST_PROXY: "1", PAYMENTS: "sandbox" });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("X-SEC-2: a 50 MB chunked body to each body-taking route gets a 413 and memory stays flat", async () => {
    // Warm up: the first requests load route modules and open the database.
    for (const [route] of BODY_ROUTES) await request(server.port, { path: route });
    const before = residentBytes(server.child.pid!);
    for (const [route, type] of BODY_ROUTES) {
      const status = await sendChunked(server.port, route, type, 50 * 1024 * 1024);
      expect(status, route).toBe(413);
      const now = residentBytes(server.child.pid!);
      expect(
        now - before,
        `${route}: memory grew by ${Math.round((now - before) / 1e6)} MB`,
      ).toBeLessThan(50 * 1024 * 1024);
    }
    // Still serving.
    expect((await request(server.port, { path: "/api/health" })).status).toBe(200);
  });

  test("X-SEC-3: a malformed Host header or body is a 4xx without a stack trace", async () => {
    const badHost = await request(server.port, { path: "/", headers: { host: "a b" } });
    expect(badHost.status).toBe(400);
    expect(badHost.body).not.toMatch(/at |\/work\/|node_modules|Error:/);
    const notForm = await request(server.port, {
      method: "POST",
      path: "/payment?session_id=cs_test_x",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(notForm.status).toBe(415);
    const badMultipart = await request(server.port, {
      method: "POST",
      path: "/api/uploads",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: "--zz\r\nnonsense",
    });
    expect(badMultipart.status).toBe(400);
    const nul = await request(server.port, {
      method: "POST",
      path: "/api/discounts/validate",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ code: "SAVE\u000010" }),
    });
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body)).toHaveProperty("error");
    const nulSession = await request(server.port, { path: "/payment?session_id=cs_%00x" });
    expect(nulSession.status).toBe(404);
    expect(server.output()).not.toMatch(/@example\.com/);
  });

  test("X-SEC-4: with TRUST_PROXY=1 a forged X-Forwarded-For does not escape the tracking limit", async () => {
    // The proxy in front appends the real client (203.0.113.7); what the client wrote before it
    // changes every time and must not count.
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const answer = await request(server.port, {
        method: "POST",
        path: "/tracking",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Forwarded-For": `198.51.100.${i}, 203.0.113.7`,
        },
        body: "order=GT-1&email=a%40b.co",
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  test("X-SEC-4: absolute URLs never come from the request's Host or a client's X-Forwarded-Host", async () => {
    const page = await request(server.port, {
      path: "/product/mens-ranked-gorilla-no-gi-set",
      headers: { host: "evil.example" },
    });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.example");
    expect(page.body).toContain(`href="http://localhost:${server.port}/product/`);
  });

  test("X-SEC-7: HSTS over https only, no-store on order pages, nosniff once on uploads", async () => {
    const https = await request(server.port, {
      path: "/",
      headers: { "X-Forwarded-Proto": "https" },
    });
    expect(https.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    const plain = await request(server.port, { path: "/" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    for (const route of [
      "/payment?session_id=cs_test_x",
      "/order-confirmation",
      "/tracking",
      "/returns/request",
    ]) {
      const answer = await request(server.port, { path: route });
      expect(answer.headers["cache-control"], route).toBe("no-store");
    }
    const upload = await request(server.port, { path: "/uploads/nothing.webp" });
    const nosniff = upload.rawHeaders.filter((h) => h.toLowerCase() === "x-content-type-options");
    expect(nosniff).toHaveLength(1);
  });
});

test.describe("start-up", () => {
  test.skip(({ isMobile }) => isMobile, "no browser needed: once, in the desktop project");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  test("X-SEC-1: an https PUBLIC_URL without Stripe keys refuses to start unless PAYMENTS=sandbox", async () => {
    const refused = await startServer({ PUBLIC_URL: "https://shop.example" }, PORT + 1);
    await refused.stop();
    expect(refused.child.exitCode).toBe(1);
    expect(refused.output()).toContain("PAYMENTS=sandbox");
    const sandbox = await startServer(
      { PUBLIC_URL: "https://shop.example", PAYMENTS: "sandbox" },
      PORT + 1,
    );
    try {
      expect(sandbox.output()).toContain("Payments: sandbox");
    } finally {
      await sandbox.stop();
    }
  });
});
