// Issue 35 (X-DEPLOY-2) against the built server (`node server.mjs`): the JSON request log with
// request ids, GET /metrics with and without METRICS_TOKEN, the probes, and a clean stop.
// Desktop project only: no browser needed.
import { expect, test } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "./built-server";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 24;
const TOKEN = "e2e-metrics-token-0123456789";

test.describe("the built server, watched", () => {
  test.skip(({ isMobile }) => isMobile, "no browser needed: once, in the desktop project");
  test.describe.configure({ mode: "serial", timeout: 120_000 });

  let server: BuiltServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startBuiltServer(
      { PAYMENTS: "sandbox", METRICS_TOKEN: TOKEN, TRUST_PROXY: "loopback" },
      PORT,
    );
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  const base = () => `http://127.0.0.1:${PORT}`;

  test("X-DEPLOY-2: every line is JSON; a request's line is found by the id a trusted proxy sent, with its route and status and no e-mail address", async () => {
    const answer = await fetch(`${base()}/tracking`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Request-Id": "proxy-id-0001",
      },
      body: new URLSearchParams({ orderNumber: "GT-NOPE", email: "ana.silva@example.com" }),
      redirect: "manual",
    });
    expect(answer.headers.get("x-request-id")).toBe("proxy-id-0001");
    await expect.poll(() => server.output().includes('"reqId":"proxy-id-0001"')).toBe(true);
    const lines = server.output().split("\n").filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    const mine = lines
      .map((line) => JSON.parse(line))
      .filter((entry) => entry.reqId === "proxy-id-0001");
    expect(mine).toContainEqual(
      expect.objectContaining({
        msg: "request",
        method: "POST",
        route: "/tracking",
        status: answer.status,
      }),
    );
    expect(JSON.stringify(mine)).not.toMatch(/@|ana\.silva/);
  });

  test("X-DEPLOY-2: /metrics needs the bearer token and counts requests by route pattern", async () => {
    expect((await fetch(`${base()}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${base()}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status,
    ).toBe(401);
    await fetch(`${base()}/product/kids-grip-truth-bjj-gi`);
    const metrics = await fetch(`${base()}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/product\/:productId",status="2xx"\} \d+/m,
    );
    expect(text).toMatch(/^shop_outbox_pending \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
  });

  test("X-DEPLOY-2: live and ready answer 200; /api/health stays as it was", async () => {
    expect(await (await fetch(`${base()}/api/health/live`)).json()).toEqual({
      ok: true,
      live: true,
    });
    expect(await (await fetch(`${base()}/api/health/ready`)).json()).toEqual({
      ok: true,
      ready: true,
    });
    expect(await (await fetch(`${base()}/api/health`)).json()).toEqual({ ok: true, db: "pglite" });
  });

  test("X-DEPLOY-2: without METRICS_TOKEN /metrics is a 404, and SIGTERM stops the server cleanly", async () => {
    // A second shop of its own starts here (its database made and migrated): up to a minute on
    // two busy cores, before the test's own steps.
    test.slow();
    const plain = await startBuiltServer({ PAYMENTS: "sandbox" }, PORT + 1);
    try {
      const answer = await fetch(`http://127.0.0.1:${PORT + 1}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.status).toBe(404);
    } finally {
      await plain.stop();
    }
    expect(plain.child.exitCode).toBe(0);
    expect(plain.output()).toContain('"msg":"Stopped."');
  });
});
