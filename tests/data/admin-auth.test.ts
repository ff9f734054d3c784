import { count, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { testDb, useTestSettings } from "./shop";
import { auditLog, owners, ownerSessions, ownerSignInFailures } from "~/db/schema";
import { action as logout } from "~/routes/admin.logout";
import { loader as ordersPage } from "~/routes/admin.orders";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { action as loginAction } from "~/routes/admin.login";
import { createOwner } from "~/owners/owners.server";
import { lockedUntilOf } from "~/owners/lockout.server";
import { loginForm, OWNER, signInCookie } from "./admin-fixtures";
import { call, countLimitsIn, frozenWindow, postJson } from "./helpers";
import { decoyHash, hashingCounts } from "~/owners/password.server";
import { MAX_HASHES_AT_ONCE } from "~/shared/limits";

// The first owner comes from the environment when the database is first opened.
useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

type Handler = Parameters<typeof call>[0];
/** A route call whose thrown Response (redirect, 401, 403) is the answer. */
async function answer(handler: Handler, url: string, init?: RequestInit, params?: Record<string, string>) {
  try {
    return await call(handler, url, init, params);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function login(email: string, password: string, address: string) {
  return answer(loginAction, "/admin/login", {
    method: "POST",
    body: loginForm(email, password),
    headers: { "x-client-address": address },
  });
}

describe("X-OPS-1: owner sign-in", () => {
  it("X-OPS-1: the first owner is created from ADMIN_EMAIL and ADMIN_PASSWORD, with an scrypt hash", async () => {
    const db = await testDb();
    const rows = await db.select().from(owners);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(OWNER.email);
    expect(rows[0]!.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(rows[0]!.passwordHash).not.toContain(OWNER.password);
  });

  it("X-OPS-1: owners can be added, never twice for one e-mail, and weak passwords are refused", async () => {
    const db = await testDb();
    const added = await createOwner(db, { email: "Second@GripTruth.test", password: "another long password" });
    expect(added).toMatchObject({ ok: true, owner: { email: "second@griptruth.test" } });
    expect(await createOwner(db, { email: "second@griptruth.test", password: "another long password" })).toMatchObject({ ok: false, kind: "already_exists" });
    expect(await createOwner(db, { email: "third@griptruth.test", password: "short" })).toMatchObject({ ok: false, kind: "invalid_input" });
    expect(await createOwner(db, { email: "not-an-email", password: "long enough password" })).toMatchObject({ ok: false, kind: "invalid_input" });
  });

  it("X-OPS-1: a session cookie that is HttpOnly, SameSite=Lax, 12 hours; sign-in is audited", async () => {
    const response = await login(OWNER.email, OWNER.password, "198.51.100.1");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin"); // X-TRUE-6: the dashboard
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^gt_owner=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=43200/);
    // The cookie holds an id, not the owner's data.
    expect(decodeURIComponent(cookie)).not.toContain(OWNER.email);
    const db = await testDb();
    const [signIns] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, "sign_in"));
    expect(signIns!.n).toBeGreaterThan(0);
  });

  it("X-OPS-1: without a session pages redirect to the login and the JSON answers 401", async () => {
    const page = await answer(ordersPage, "/admin/orders?status=paid");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Forders%3Fstatus%3Dpaid");
    const api = await answer(ordersApi, "/api/admin/orders");
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: expect.any(String) });
    const forged = await answer(ordersApi, "/api/admin/orders", { headers: { cookie: "gt_owner=made-up" } });
    expect(forged.status).toBe(401);
  });

  it("X-OPS-1: with a session the JSON answers; a cross-site post is refused with 403", async () => {
    const cookie = await signInCookie();
    const api = await answer(ordersApi, "/api/admin/orders", { headers: { cookie } });
    expect(api.status).toBe(200);
    const crossSite = await answer(
      statusApi,
      "/api/admin/orders/GT-1/status",
      postJson({ status: "in_production" }, { cookie, origin: "https://evil.example", host: "shop.test" }),
      { orderNumber: "GT-1" },
    );
    expect(crossSite.status).toBe(403);
    const crossSiteLogin = await answer(loginAction, "/admin/login", {
      method: "POST",
      body: loginForm(OWNER.email, OWNER.password),
      headers: { origin: "https://evil.example", host: "shop.test" },
    });
    expect(crossSiteLogin.status).toBe(403);
  });

  it("X-OPS-1: sign-out ends the session on the server", async () => {
    const cookie = await signInCookie();
    const out = await answer(logout, "/admin/logout", { method: "POST", headers: { cookie } });
    expect(out.status).toBe(302);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const after = await answer(ordersApi, "/api/admin/orders", { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it("X-OPS-1: a session ends on the server after 12 hours, whatever the cookie says", async () => {
    const cookie = await signInCookie();
    expect((await answer(ordersApi, "/api/admin/orders", { headers: { cookie } })).status).toBe(200);
    const db = await testDb();
    const [stored] = await db.select().from(ownerSessions).orderBy(desc(ownerSessions.createdAt)).limit(1);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    await db.update(ownerSessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await answer(ordersApi, "/api/admin/orders", { headers: { cookie } })).status).toBe(401);
  });

  it("X-OPS-1: 5 wrong passwords from one address lock that account out there with 429, even for the right password", async () => {
    const address = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      const wrong = await login(OWNER.email, `wrong password ${i}`, address);
      expect(wrong.status).toBe(401);
    }
    const locked = await login(OWNER.email, OWNER.password, address);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(((await locked.json()) as { error: string }).error).toMatch(/Too many wrong passwords/);
    // Tries while locked are not counted, and other addresses are not locked.
    const db = await testDb();
    const [failures] = await db.select({ n: count() }).from(ownerSignInFailures).where(eq(ownerSignInFailures.address, address));
    expect(failures!.n).toBe(5);
    expect((await login(OWNER.email, OWNER.password, "192.0.2.78")).status).toBe(302);
    expect((await login("a\u0000@griptruth.test", "whatever it is", address)).status).toBe(400);
    // An unknown account is refused the same way as a wrong password.
    expect((await login("nobody@griptruth.test", "whatever it is", "192.0.2.79")).status).toBe(401);
  });

  it("X-OPS-1: the lock lasts 15 minutes from the fifth failure inside 15 minutes", () => {
    const min = 60_000;
    expect(lockedUntilOf([0, 1, 2, 3].map((m) => m * min), 4 * min)).toBeUndefined();
    expect(lockedUntilOf([0, 1, 2, 3, 14].map((m) => m * min), 20 * min)).toBe(29 * min);
    expect(lockedUntilOf([0, 1, 2, 3, 14].map((m) => m * min), 29 * min)).toBeUndefined();
    expect(lockedUntilOf([0, 1, 2, 3, 16].map((m) => m * min), 17 * min)).toBeUndefined();
  });
});

describe("X-SEC-9, X-SEC-10: sign-in under parallel guesses", () => {
  /** A rate-limit store that never refuses, so only the account lock-out is seen. */
  const noQuota = { hit: async (_key: string, windowMs: number) => ({ count: 1, resetAt: Date.now() + windowMs }) };

  it("X-SEC-9: 30 wrong passwords in parallel from one address get at most 5 checked, the rest 429", { tags: ["race"] }, async () => {
    await decoyHash();
    countLimitsIn(noQuota);
    try {
      const before = hashingCounts.started;
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => login(OWNER.email, `parallel wrong ${i}`, "2001:db8:9::1")),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(hashingCounts.started - before).toBeLessThanOrEqual(5);
      // The lock-out counts the address by its /64, like every other limit.
      expect((await login(OWNER.email, OWNER.password, "2001:db8:9::2")).status).toBe(429);
    } finally {
      countLimitsIn(undefined);
    }
  });

  it("X-SEC-9: the right password sent inside a burst of 25 wrong ones does not sign in", { tags: ["race"] }, async () => {
    await decoyHash();
    countLimitsIn(noQuota);
    try {
      const address = "198.51.100.209";
      const attempts = Array.from({ length: 26 }, (_, i) =>
        i === 20 ? OWNER.password : `burst wrong ${i}`,
      );
      const answers = await Promise.all(attempts.map((password) => login(OWNER.email, password, address)));
      const statuses = answers.map((a) => a.status);
      expect(statuses[20]).toBe(429);
      expect(statuses).not.toContain(302);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    } finally {
      countLimitsIn(undefined);
    }
  });

  it("X-SEC-10: 12 sign-ins from one address with different e-mails: the 11th and 12th are 429 and never hashed", async () => {
    await decoyHash();
    countLimitsIn(frozenWindow());
    try {
      const before = hashingCounts.started;
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (let i = 0; i < 12; i++) {
        const answer = await login(`someone${i}@griptruth.test`, "a guessed password", "203.0.113.210");
        statuses.push(answer.status);
        if (answer.status === 429) refused = answer;
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);
      expect(hashingCounts.started - before).toBe(10);
      expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused!.json()) as { error: string }).error).toMatch(/Too many sign-in attempts/);
      // Another address is not affected.
      expect((await login(OWNER.email, OWNER.password, "203.0.113.211")).status).toBe(302);
    } finally {
      countLimitsIn(undefined);
    }
  });

  it("X-SEC-10: no more than " + MAX_HASHES_AT_ONCE + " password hashes run at once; beyond the queue the sign-in is busy (503)", { tags: ["race"] }, async () => {
    await decoyHash();
    countLimitsIn(noQuota);
    try {
      hashingCounts.peak = 0;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => login(`crowd${i}@griptruth.test`, "a guessed password", `192.0.2.${100 + i}`)),
      );
      const statuses = answers.map((a) => a.status);
      expect(hashingCounts.peak).toBeLessThanOrEqual(MAX_HASHES_AT_ONCE);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      const busy = answers.find((a) => a.status === 503);
      if (busy) expect(((await busy.json()) as { error: string }).error).toMatch(/The sign-in is busy/);
    } finally {
      countLimitsIn(undefined);
    }
  });
});

describe("X-SEC-13: where a sign-in goes, and what the log says", () => {
  function loginTo(next: string, address: string) {
    return answer(loginAction, `/admin/login?next=${next}`, {
      method: "POST",
      body: loginForm(OWNER.email, OWNER.password),
      headers: { "x-client-address": address },
    });
  }

  it("X-SEC-13: after sign-in only a plain /admin path is followed; a header injection in next goes to the dashboard (X-TRUE-6)", async () => {
    const injected = await loginTo("/admin%0d%0aX-Injected:%201", "198.51.100.131");
    expect(injected.status).toBe(302);
    expect(injected.headers.get("location")).toBe("/admin");
    expect(injected.headers.get("x-injected")).toBeNull();
    expect((await loginTo(encodeURIComponent("/admin/orders?status=paid"), "198.51.100.132")).headers.get("location")).toBe(
      "/admin/orders?status=paid",
    );
    for (const next of ["//evil.test", "/admin//evil.test", "/admin\\evil.test", "/admin/../x", "/adminx", "https://evil.test/admin", "/admin/a\u0000b", "/admin/a b", "/admin\tx"]) {
      const answer = await loginTo(encodeURIComponent(next), "198.51.100.133");
      expect(answer.headers.get("location"), next).toBe("/admin");
    }
  });

  it("X-SEC-27: next refuses encoded dot segments, in either case and encoded twice, and keeps a plain path", async () => {
    for (const next of ["/admin/%2e%2e/%2e%2e/x", "/admin/%2E%2E/x", "/admin/.%2e/x", "/admin/%2e/orders", "/admin/%252e%252e/%252e%252e/x", "/admin/%25252e%25252e/x", "/admin/%2e%2e%2fx", "/admin/a%5c..%5cx", "/admin/%zz"]) {
      const answer = await loginTo(encodeURIComponent(next), "198.51.100.134");
      expect(answer.headers.get("location"), next).toBe("/admin");
    }
    const plain = await loginTo(encodeURIComponent("/admin/orders/GT-1001?x=%2e"), "198.51.100.135");
    expect(plain.headers.get("location")).toBe("/admin/orders/GT-1001?x=%2e");
  });

  it("X-SEC-13: an error carrying request text is logged by its name, never by its message", async () => {
    // What the Fetch API throws for a header value with a line break: it quotes the value.
    let thrown: unknown;
    try {
      new Headers({ location: "/admin\r\nX-Injected: 1" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" ")));
    try {
      handleError(thrown, { request: new Request("http://shop.test/admin/login%0d%0aX-Injected:%202?next=ana@example.com", { method: "POST" }) });
    } finally {
      spy.mockRestore();
    }
    const output = lines.join("\n");
    expect(output).toContain("TypeError");
    expect(output).not.toMatch(/X-Injected|ana@example\.com|[\r]/);
  });
});
