// The hardening (X-SEC) on the real database: the edge's quotas and checks, sandbox payments,
// review links, mail files. Stripe events are in stripe.test.ts; the built server in
// tests/e2e/server-edge.
import { stat } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOwner } from "~/owners/owners.server";
import { handleError } from "~/entry.server";
import { action as stockApi } from "~/routes/api.admin.stock";
import { signInCookie } from "./admin-fixtures";
import { testDb, theShop } from "./shop";
import { orders, productReviews, serverSecrets } from "~/db/schema";
import { forgetStoredSecrets } from "~/security/secrets.server";
import { reviewLinkSecret } from "~/reviews/review-link.server";
import { markOrderCancelled } from "~/orders/orders.server";
import { TEST_DRIVER } from "./setup";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as validateDiscount } from "~/routes/api.discounts.validate";
import { action as reviewsAction, loader as reviewsLoader } from "~/routes/api.product-reviews";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay } from "~/routes/payment";
import {
  call,
  countLimitsIn,
  decodeMail,
  frozenWindow,
  outbox,
  postJson,
  paymentForm,
  receiptOf,
} from "./helpers";
import { legacyStatus } from "~/orders/status";
import { statusIsSql } from "~/orders/states.server";

let counter = 0;
const address = () => `192.0.2.${++counter % 250}-${counter}`;
const from = (client: string, extra: Record<string, string> = {}) => ({
  "x-client-address": client,
  ...extra,
});

const rashguard = {
  productId: "mens-ranked-gorilla-no-gi-set",
  optionType: "Rashguard",
  size: "L",
  beltRank: "Blue",
  quantity: 1,
};

async function checkout(body: unknown, client = address()) {
  return call(createSession, "/api/create-checkout-session", postJson(body, from(client)));
}

async function paySession(sessionId: string, over?: Record<string, string>) {
  try {
    return await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
      method: "POST",
      body: paymentForm(over),
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function newSession() {
  const response = await checkout({ cartItems: [rashguard] });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function pendingCount() {
  const rows = await (await testDb())
    .select({ id: orders.id })
    .from(orders)
    .where(statusIsSql("pending"));
  return rows.length;
}

async function cancelAllPending() {
  const db = await testDb();
  const pending = await db
    .select({ id: orders.id })
    .from(orders)
    .where(statusIsSql("pending"));
  for (const { id } of pending) await markOrderCancelled(db, id);
}

describe("X-SEC on the database", () => {
  beforeEach(async () => {
    await (await testDb()).delete(orders);
  });
  afterEach(() => countLimitsIn(undefined));

  it("X-SEC-6: checkout sessions are limited to CHECKOUT_RATE_LIMIT (30) a minute per address", async () => {
    // Counted in one window that cannot end during the test (the store is tested on its own in
    // rate-limits.test.ts).
    countLimitsIn(frozenWindow());
    const client = address();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await checkout({ cartItems: [rashguard] }, client)).status);
      // Each checkout is given up at once: unpaid ones have their own cap (X-SEC-11).
      await cancelAllPending();
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await checkout({ cartItems: [rashguard] }, client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address is not affected.
    expect((await checkout({ cartItems: [rashguard] })).status).toBe(200);
  });

  it("X-SEC-11: an address holds at most PENDING_ORDERS_PER_ADDRESS (3) unpaid checkouts; paid, cancelled and expired ones do not count; an IPv6 /64 is one address", async () => {
    const client = "2001:db8:5:7::1";
    for (let i = 0; i < 3; i++) {
      expect((await checkout({ cartItems: [rashguard] }, client)).status).toBe(200);
    }
    // Another address in the same /64.
    const fourth = await checkout({ cartItems: [rashguard] }, "2001:db8:5:7:aaaa::9");
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      error: "You have unpaid checkouts waiting. Finish or wait for them to expire.",
    });
    expect(await pendingCount()).toBe(3);
    // Another address is not affected.
    expect((await checkout({ cartItems: [rashguard] }, "2001:db8:5:8::1")).status).toBe(200);

    const db = await testDb();
    const held = await db
      .select({ id: orders.id, sessionId: orders.paymentSessionId })
      .from(orders)
      .where(eq(orders.clientKey, "2001:db8:5:7::/64"));
    expect(held).toHaveLength(3);
    // One paid, one cancelled, one past its expiry time (not yet swept): none counts.
    expect((await paySession(held[0]!.sessionId!)).status).toBeLessThan(400);
    await markOrderCancelled(db, held[1]!.id);
    await db
      .update(orders)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, held[2]!.id));
    for (let i = 0; i < 3; i++) {
      expect((await checkout({ cartItems: [rashguard] }, client)).status).toBe(200);
    }
    expect((await checkout({ cartItems: [rashguard] }, client)).status).toBe(429);
    // Paid and cancelled orders do not keep the address.
    const [paid] = await db.select().from(orders).where(eq(orders.id, held[0]!.id));
    expect(legacyStatus(paid!)).toBe("paid");
    expect(paid?.clientKey).toBeNull();
  });

  it(`X-SEC-11: 10 checkouts at once from one address leave at most 3 pending orders (${TEST_DRIVER})`, { tags: ["race"] }, async () => {
    const client = "203.0.113.44";
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => checkout({ cartItems: [rashguard] }, client)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(await pendingCount()).toBe(3);
  });

  it("X-SEC-6: code checks and verify-order are limited to 60 a minute per address", async () => {
    countLimitsIn(frozenWindow());
    const client = address();
    for (const [handler, url, body] of [
      [validateDiscount, "/api/discounts/validate", { code: "SAVE10" }],
      [verifyOrder, "/api/verify-order", { sessionId: "cs_test_unknown" }],
    ] as const) {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        statuses.push((await call(handler, url, postJson(body, from(client)))).status);
      }
      expect(statuses.slice(0, 60).every((s) => s < 429), url).toBe(true);
      expect(statuses[60], url).toBe(429);
    }
  });

  it("X-SEC-6: an order over the total cap is a clear 400 naming the limit, and nothing is stored", async () => {
    const gi = { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2" };
    const response = await checkout({
      cartItems: Array.from({ length: 30 }, (_, i) => ({ ...gi, quantity: 1000, customText: `N${i}` })),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /at most £20,000\.00/,
    );
    const stored = await (await testDb()).select().from(orders);
    expect(stored).toHaveLength(0);
    const tooMany = await checkout({ cartItems: [{ ...rashguard, quantity: 1001 }] });
    expect(tooMany.status).toBe(400);
    const lines = await checkout({ cartItems: Array.from({ length: 101 }, () => rashguard) });
    expect(lines.status).toBe(400);
  });

  it("X-SEC-7: verify-order refuses cross-site posts and is never cached", async () => {
    const opened = await checkout({ cartItems: [rashguard] });
    const { sessionId } = (await opened.json()) as { sessionId: string };
    // The browser that opened the checkout, with its receipt cookie (X-SEC-20).
    const buyer = { cookie: receiptOf(opened) };
    const foreign = await call(
      verifyOrder,
      "/api/verify-order",
      postJson({ sessionId }, from(address(), { origin: "https://evil.example", ...buyer })),
    );
    expect(foreign.status).toBe(403);
    const own = await call(
      verifyOrder,
      "/api/verify-order",
      postJson({ sessionId }, from(address(), { origin: "http://shop.test", ...buyer })),
    );
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
  });

  it("X-SEC-1: the sandbox refuses a real card number and keeps the order unpaid", async () => {
    const sessionId = await newSession();
    const response = await paySession(sessionId, { cardNumber: "4111 1111 1111 1111" });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { error: string }).error).toBe(
      "This is a test shop: no real card can be charged. Use card 4242 4242 4242 4242.",
    );
    const [order] = await (await testDb())
      .select()
      .from(orders)
      .where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("pending");
  });

  it("X-SEC-3: control characters and wrong bodies are 4xx with a message, never a 5xx", async () => {
    const nul = "\u0000";
    const cases: [Response, number][] = [
      [await call(validateDiscount, "/api/discounts/validate", postJson({ code: `SAVE${nul}10` })), 400],
      [await call(verifyOrder, "/api/verify-order", postJson({ sessionId: `cs_test_${nul}` })), 400],
      [await checkout({ cartItems: [{ ...rashguard, beltRank: `Blue${nul}` }] }), 400],
      [
        await checkout({
          cartItems: [
            { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", quantity: 1, customText: `A${nul}` },
          ],
        }),
        400,
      ],
      [await checkout({ cartItems: [rashguard], discountCode: `X${nul}` }), 400],
      [await paySession(await newSession(), { firstName: `Ana${nul}` }), 400],
      [
        await call(pay, "/payment?session_id=cs_test_x", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }),
        415,
      ],
      [
        await call(pay, "/payment?session_id=cs_test_x", {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=zz" },
          body: "--zz\r\nbroken",
        }),
        400,
      ],
      [
        await call(
          reviewsAction,
          "/api/products/mens-ranked-gorilla-no-gi-set/reviews",
          postJson(
            { customer_name: `Sam${nul}`, customer_email: "s@example.com", rating: 5, review_text: "Good" },
            from(address()),
          ),
          { productId: "mens-ranked-gorilla-no-gi-set" },
        ),
        400,
      ],
    ];
    for (const [response, status] of cases) {
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error?: unknown }).error).toEqual(expect.any(String));
    }
  });

  it("X-SEC-8: the confirmation e-mail carries a signed review link that gives the badge", async () => {
    const sessionId = await newSession();
    const before = (await outbox()).length;
    expect((await paySession(sessionId)).status).toBe(302);
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeMail(mails.at(-1)!.text);
    const link = /http:\/\/localhost:3000\/product\/mens-ranked-gorilla-no-gi-set\?review=([\w.-]+)/.exec(
      mail,
    );
    expect(link).not.toBeNull();
    const productId = "mens-ranked-gorilla-no-gi-set";
    const review = await call(
      reviewsAction,
      `/api/products/${productId}/reviews`,
      postJson(
        {
          customer_name: "Ana",
          customer_email: "ana@example.com",
          rating: 5,
          review_text: "Fits well.",
          review_token: link![1],
        },
        from(address()),
      ),
      { productId },
    );
    expect(review.status).toBe(201);
    const listed = (await (
      await call(reviewsLoader, `/api/products/${productId}/reviews`, undefined, { productId })
    ).json()) as { customer_name: string; verified_purchase: boolean }[];
    expect(listed.find((r) => r.customer_name === "Ana")?.verified_purchase).toBe(true);
  });

  it(`X-SEC-15: one review link gives one verified review per order and product; a second, or ten racing, are refused with 409 (${TEST_DRIVER})`, { tags: ["race"] }, async () => {
    const productId = "mens-ranked-gorilla-no-gi-set";
    const db = await testDb();
    await db.delete(productReviews);
    const sessionId = await newSession();
    expect((await paySession(sessionId)).status).toBe(302);
    const mail = decodeMail((await outbox()).at(-1)!.text);
    const token = /\/product\/mens-ranked-gorilla-no-gi-set\?review=([\w.-]+)/.exec(mail)![1]!;
    const post = (name: string) =>
      call(
        reviewsAction,
        `/api/products/${productId}/reviews`,
        postJson(
          {
            customer_name: name,
            customer_email: "ana@example.com",
            rating: 5,
            review_text: "Fits well.",
            review_token: token,
          },
          from(address()),
        ),
        { productId },
      );
    const racing = await Promise.all(Array.from({ length: 10 }, (_, n) => post(`Ana ${n}`)));
    const statuses = racing.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const again = await post("Ana again");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error:
        "You have already reviewed this product for this order. Thank you: one review per purchase.",
    });
    const stored = await db
      .select({ verified: productReviews.verifiedOrderId })
      .from(productReviews)
      .where(eq(productReviews.productId, productId));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.verified).not.toBeNull();
  });

  it("X-SEC-8: processes starting together agree on one generated review-link key", { tags: ["race"] }, async () => {
    const db = await testDb();
    await db.delete(serverSecrets);
    forgetStoredSecrets(db);
    const keys = await Promise.all(Array.from({ length: 10 }, () => reviewLinkSecret(db, theShop().settings)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]!.length).toBeGreaterThanOrEqual(32);
  });

  it("X-SEC-7: mail files are readable by the shop's user only", async () => {
    const sent = await theShop().mailer.send({ to: "a@example.com", subject: "Mode check", text: "x" });
    expect(sent.file).toBeDefined();
    expect((await stat(sent.file!)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(sent.file!))).mode & 0o077).toBe(0);
  });
});

describe("review item 12: the owner's stock answers and the error log", () => {
  it("X-SEC-7 (review item 12): PUT /api/admin/stock answers Cache-Control: no-store, refusals included", async () => {
    const owner = { email: "stock-owner@griptruth.test", password: "a long stock password" };
    expect(await createOwner(await testDb(), owner)).toMatchObject({ ok: true });
    const cookie = await signInCookie(owner.email, owner.password, "198.51.100.120");
    const put = (body: unknown, headers: Record<string, string>) =>
      call(stockApi, "/api/admin/stock", { ...postJson(body, headers), method: "PUT" });
    const journal = { productId: "training-journal", optionType: "Standard", size: "N/A" };
    const set = await put({ ...journal, quantity: 4 }, { cookie });
    expect(set.status).toBe(200);
    expect(set.headers.get("cache-control")).toBe("no-store");
    const wrong = await put({ ...journal, quantity: -1 }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("cache-control")).toBe("no-store");
  });

  it("X-SEC-13 X-SEC-27 (review item 12): a thrown 405 is logged by its status, not as [object Object], at info (a refusal is not an error)", () => {
    const info: string[] = [];
    const errors: string[] = [];
    const keep = (into: string[]) => (...args: unknown[]) => void into.push(args.map(String).join(" "));
    const infoSpy = vi.spyOn(console, "info").mockImplementation(keep(info));
    const errorSpy = vi.spyOn(console, "error").mockImplementation(keep(errors));
    try {
      handleError(new ErrorResponseImpl(405, "Method Not Allowed", null, true), {
        request: new Request("http://shop.test/api/health", { method: "POST" }),
      });
    } finally {
      infoSpy.mockRestore();
      errorSpy.mockRestore();
    }
    expect(info.join("\n")).not.toContain("[object Object]");
    expect(info.join("\n")).toMatch(/POST \/api\/health refused: a 405 answer/);
    expect(errors).toEqual([]);
  });
});

