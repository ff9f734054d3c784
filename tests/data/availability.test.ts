import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { testDb } from "./shop";
import {
  isConnectionError,
  markDatabaseSuspect,
  setAvailabilityClock,
  SHORT_BREAK,
} from "~/db/availability.server";
import { databaseMiddleware } from "~/db/middleware.server";
import { requestContext } from "./helpers";
import { PROBE_EVERY_MS } from "~/shared/limits";

// The probe interval is measured on this clock, moved on by the test instead of by waiting.
const clock = { now: Date.now() };
setAvailabilityClock(() => clock.now);

afterAll(() => {
  setAvailabilityClock();
});

/** The test's database behind a switch: "down" refuses connections as a stopped server does. */
async function switchableDb() {
  const real = await testDb();
  const state = { down: false };
  const db = new Proxy(real, {
    get(target, property, receiver) {
      if (property === "execute" && state.down) {
        return () =>
          Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as Database;
  return { db, state };
}

async function through(db: Database, path: string, answer = 200) {
  const request = new Request(`http://shop.test${path}`);
  const context = await requestContext(db);
  return databaseMiddleware({ request, context }, async () => new Response("page", { status: answer }));
}

describe("while the database is away (X-SCALE-5)", () => {
  it("X-SCALE-5: pages and API answer 503 with a message, /api/health says so, and all recover by themselves", async () => {
    const { db, state } = await switchableDb();
    expect((await through(db, "/")).status).toBe(200);

    state.down = true;
    markDatabaseSuspect();
    const page = await through(db, "/product/mens-england-no-gi-set");
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("retry-after")).toBe("30");
    const html = await page.text();
    expect(html).toContain(SHORT_BREAK);
    expect(html).toContain('lang="en-GB"');
    const api = await through(db, "/api/create-checkout-session");
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: SHORT_BREAK });
    const health = await through(db, "/api/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ ok: false, error: SHORT_BREAK });

    state.down = false;
    // The last answer is trusted until the next probe, which is at most a second away.
    expect((await through(db, "/")).status).toBe(503);
    clock.now += PROBE_EVERY_MS;
    const back = await through(db, "/");
    expect(back.status).toBe(200);
    expect(await back.text()).toBe("page");
  });

  it("X-SCALE-5: a request that fails because the database went away mid-way gets the 503 message", async () => {
    const { db, state } = await switchableDb();
    expect((await through(db, "/api/verify-order")).status).toBe(200);
    const request = new Request("http://shop.test/api/verify-order");
    const context = await requestContext(db);
    const response = await databaseMiddleware({ request, context }, async () => {
      state.down = true;
      return new Response("boom", { status: 500 });
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: SHORT_BREAK });
    state.down = false;
    markDatabaseSuspect();
    // A page that carried on without what it could not read (the footer count shows 0) while
    // a connection broke under it gets the message too.
    const context2 = await requestContext(db);
    const carriedOn = await databaseMiddleware({ request, context: context2 }, async () => {
      state.down = true;
      markDatabaseSuspect();
      return new Response("page without the count", { status: 200 });
    });
    expect(carriedOn.status).toBe(503);
    state.down = false;
    markDatabaseSuspect();
    // A request that failed while a connection broke under it, with the database back by the
    // time it is probed (a quick restart), gets the message too, not its 500 (X-SAFE-5).
    const context3 = await requestContext(db);
    const failedInGap = await databaseMiddleware({ request, context: context3 }, async () => {
      markDatabaseSuspect();
      return new Response("boom", { status: 500 });
    });
    expect(failedInGap.status).toBe(503);
    expect(failedInGap.headers.get("retry-after")).toBeTruthy();
    clock.now += PROBE_EVERY_MS;
    // A 500 for another reason, with the database up, is left as it is.
    expect((await through(db, "/api/verify-order", 500)).status).toBe(500);
  });

  it("X-SCALE-5: connection failures are told apart from bad queries", () => {
    expect(isConnectionError(Object.assign(new Error("x"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("starting up"), { code: "57P03" }))).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error("check"), { code: "23514" }))).toBe(false);
  });
});
