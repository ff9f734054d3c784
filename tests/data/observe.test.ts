// Issue 35 (X-DEPLOY-2): what an operator watches, on the shop's real database: GET /metrics
// after a purchase, the outbox's backlog and the pool, and the readiness probe.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { countUnsentMail } from "~/mail/outbox.server";
import { watchShop } from "~/metrics/metrics.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay } from "~/routes/payment";
import { answerProbe, metricsAnswer, type Readiness } from "~/server/observe.server";
import type { Database } from "~/db/client.server";
import { call, deliverMail, paymentForm, postJson, receiptOf } from "./helpers";
import { testDatabaseUrl, testShop } from "./shop";

const TOKEN = "metrics-token-for-the-data-tests";

/** GET /metrics with the token, as Prometheus reads it: name{labels} → value. */
async function scrape(): Promise<Map<string, number>> {
  const answer = await metricsAnswer(`Bearer ${TOKEN}`, TOKEN);
  expect(answer.status).toBe(200);
  const values = new Map<string, number>();
  for (const line of answer.body.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

async function buy(): Promise<{ sessionId: string; receipt: string }> {
  const checkout = await call(
    createSession,
    "/api/create-checkout-session",
    postJson({
      cartItems: [
        {
          productId: "mens-ranked-gorilla-no-gi-set",
          optionType: "Rashguard",
          size: "L",
          beltRank: "Blue",
          quantity: 1,
        },
      ],
    }),
  );
  expect(checkout.status).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    body: paymentForm(),
  });
  expect(paid.status).toBe(302);
  return { sessionId, receipt: receiptOf(checkout) };
}

const servers: http.Server[] = [];
const folders: string[] = [];
afterAll(async () => {
  watchShop(undefined);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The probes as the HTTP edge answers them, on a port of their own. */
async function probes(db: Database, readiness: Readiness) {
  const server = http.createServer((req, res) => {
    void answerProbe(req.url!, res, db, readiness).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return async (target: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${target}`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

describe("metrics after a purchase (X-DEPLOY-2)", () => {
  it("X-DEPLOY-2: /metrics counts a paid order once, however often its payment is confirmed, and is refused without the token", async () => {
    const before = (await scrape()).get("shop_orders_paid_total") ?? 0;
    const { sessionId, receipt } = await buy();
    // The confirmation page's check and a repeated form post settle nothing twice.
    const verified = await call(verifyOrder, "/api/verify-order", postJson({ sessionId }, { cookie: receipt }));
    expect(verified.status).toBe(200);
    expect((await scrape()).get("shop_orders_paid_total")).toBe(before + 1);

    expect((await metricsAnswer(undefined, TOKEN)).status).toBe(401);
    expect((await metricsAnswer("Bearer not-the-token", TOKEN)).status).toBe(401);
    expect((await metricsAnswer(`Bearer ${TOKEN}`, undefined)).status).toBe(404);
  });

  it("X-DEPLOY-2: shop_outbox_pending is the outbox's unsent e-mails, read when /metrics is asked; the pool's use with PostgreSQL", { tags: ["driver"] }, async () => {
    const shop = await testShop();
    const db = shop.connection.db;
    watchShop({ outboxPending: () => countUnsentMail(db), pool: shop.connection.pool });
    await buy();
    const pending = (await scrape()).get("shop_outbox_pending");
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(pending).toBe(await countUnsentMail(db));
    await deliverMail();
    expect((await scrape()).get("shop_outbox_pending")).toBe(0);
    const metrics = await scrape();
    if (testDatabaseUrl()) {
      expect(metrics.get('shop_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(metrics.get('shop_db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      // PGlite has no pool: nothing is made up.
      expect([...metrics.keys()].some((key) => key.startsWith("shop_db_pool_connections"))).toBe(false);
    }
  });
});

describe("probes (X-DEPLOY-2)", () => {
  it("X-DEPLOY-2: live while the process answers; ready only while the database answers and the process is not stopping", async () => {
    const shop = await testShop();
    const readiness: Readiness = { stopping: false };
    const probe = await probes(shop.connection.db, readiness);
    expect(await probe("/api/health/live")).toEqual({ status: 200, body: { ok: true, live: true } });
    expect(await probe("/api/health/ready")).toEqual({ status: 200, body: { ok: true, ready: true } });
    readiness.stopping = true;
    expect(await probe("/api/health/ready")).toMatchObject({ status: 503, body: { ready: false } });
    expect((await probe("/api/health/live")).status).toBe(200);

    // A database that has gone away (opened, then closed): not ready, still alive.
    const folder = mkdtempSync(path.join(os.tmpdir(), "grip-truth-probe-"));
    folders.push(folder);
    const gone = await openDatabase(
      { DATABASE_URL: testDatabaseUrl(), dataDir: folder, PG_POOL_MAX: 1 },
      { migrate: false },
    );
    await gone.close();
    const cutOff = await probes(gone.db, { stopping: false });
    expect(await cutOff("/api/health/ready")).toEqual({
      status: 503,
      body: { ok: false, ready: false, reason: "The database does not answer." },
    });
    expect((await cutOff("/api/health/live")).status).toBe(200);
  });
});
