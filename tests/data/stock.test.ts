import { and, eq, ne, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop } from "./shop";
import { orderLines, orders, stockReservations, variantStock } from "~/db/schema";
import { expireDueOrders } from "~/orders/expiry.server";
import { backgroundJobs } from "~/server/jobs.server";
import { startJobs } from "~/background/runner.server";
import { markOrderCancelled } from "~/orders/orders.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { applyStockForm, listStock, setVariantStock } from "~/stock/admin.server";
import { stockFieldName } from "~/stock/stock-form";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay } from "~/routes/payment";
import { call, decodeMail, outbox, postJson, receiptOf } from "./helpers";
import { TEST_DRIVER } from "./setup";
import { statusOf } from "~/security/edge.server";
import { legacyStatus } from "~/orders/status";
import { statusIsSql } from "~/orders/states.server";

const rashguardM = {
  productId: "mens-england-no-gi-set",
  optionType: "Rashguard",
  size: "M",
  quantity: 1,
};
const hoodieM = {
  productId: "mens-grip-truth-hoodie",
  optionType: "Hoodies",
  size: "M",
  color: "Grey",
  quantity: 1,
};
const kneePads = { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 };
const bundle = {
  productId: "complete-training-bundle",
  optionType: "Standard",
  size: "N/A",
  quantity: 1,
};

let buyer = 0;
/** A checkout from a buyer of its own (each address has its own checkout quota). */
async function checkout(cartItems: unknown[]) {
  const from = { "x-client-address": `198.51.100.${(buyer++ % 250) + 1}` };
  return call(createSession, "/api/create-checkout-session", postJson({ cartItems }, from));
}

async function setStock(
  variant: { productId: string; optionType: string; size: string; color?: string },
  quantity: number | null,
) {
  const result = await setVariantStock(await testDb(), { ...variant, quantity }, new Date());
  if (!result.ok) throw new Error(result.message);
}

async function stockOf(variant: {
  productId: string;
  optionType: string;
  size: string;
  color?: string;
}) {
  const db = await testDb();
  const [row] = await db
    .select({ quantity: variantStock.quantity })
    .from(variantStock)
    .where(
      and(
        eq(variantStock.productId, variant.productId),
        eq(variantStock.optionType, variant.optionType),
        eq(variantStock.size, variant.size),
        eq(variantStock.color, variant.color ?? ""),
      ),
    );
  return row?.quantity;
}

function paymentFields(email: string): Record<string, string> {
  return {
    firstName: "Lea",
    lastName: "Times",
    email,
    phone: "07700 900123",
    address: "1 Beach Road",
    city: "Redcar",
    postcode: "TS10 1AA",
    country: "United Kingdom",
    sameAsShipping: "on",
    cardNumber: "4242 4242 4242 4242",
    cardName: "LEA TIMES",
    expiryDate: "12/35",
    cvv: "123",
  };
}

async function orderCount() {
  const db = await testDb();
  return (await db.select({ id: orders.id }).from(orders)).length;
}

describe(`stock and reservations (${TEST_DRIVER})`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
    await db.delete(variantStock);
  });

  it("X-STK-3: 20 concurrent checkouts for the last unit give one order and 19 sold-out answers", { tags: ["race"] }, async () => {
    await setStock(rashguardM, 1);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => checkout([{ ...rashguardM }])),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const refused = await Promise.all(
      responses.filter((r) => r.status === 409).map((r) => r.json()),
    );
    for (const body of refused) {
      expect(body).toEqual({
        error: "Sorry, Mens England No-Gi Set in size M has just sold out.",
        lineIndex: 0,
      });
    }
    expect(await stockOf(rashguardM)).toBe(0);
    expect(await orderCount()).toBe(1);
    const db = await testDb();
    const [line] = await db.select().from(orderLines);
    expect(line?.fromStock).toBe(true);
  });

  it("X-SEC-11: one order takes at most MAX_STOCKED_PER_LINE (10) of a stocked variant, its lines together; made to order keeps its limits", async () => {
    await setStock(rashguardM, 200);
    const greedy = await checkout([{ ...rashguardM, quantity: 200 }]);
    expect(greedy.status).toBe(400);
    expect(await greedy.json()).toEqual({
      error: "You can buy up to 10 of Mens England No-Gi Set in size M in one order.",
      lineIndex: 0,
    });
    // The same variant on several lines counts together; the line named is its first.
    const split = await checkout([
      { ...kneePads },
      { ...rashguardM, quantity: 6 },
      { ...rashguardM, quantity: 5 },
    ]);
    expect(split.status).toBe(400);
    expect(((await split.json()) as { lineIndex: number }).lineIndex).toBe(1);
    expect(await stockOf(rashguardM)).toBe(200);
    expect(await orderCount()).toBe(0);

    expect((await checkout([{ ...rashguardM, quantity: 10 }])).status).toBe(200);
    expect(await stockOf(rashguardM)).toBe(190);
    // Made to order (no stock row): up to MAX_LINE_QUANTITY as before.
    expect((await checkout([{ ...kneePads, quantity: 200 }])).status).toBe(200);
  });

  it("X-STK-3: a two-line order short on its second line takes nothing and says which line", async () => {
    await setStock(kneePads, 5);
    await setStock(hoodieM, 1);
    const response = await checkout([
      { ...kneePads, quantity: 2 },
      { ...hoodieM, quantity: 2 },
    ]);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "Sorry, only 1 left of Mens Grip Truth Hoodie in size M (Grey).",
      lineIndex: 1,
    });
    expect(await stockOf(kneePads)).toBe(5);
    expect(await stockOf(hoodieM)).toBe(1);
    expect(await orderCount()).toBe(0);
    const db = await testDb();
    expect(await db.select().from(stockReservations)).toEqual([]);
  });

  it("X-STK-1 X-STK-2: made-to-order variants take nothing; custom text is always made to order; a bundle takes its items", async () => {
    await setStock(kneePads, 3);
    await setStock({ ...rashguardM, size: "L" }, 4);
    await setStock({ productId: "water-bottle", optionType: "Standard", size: "N/A" }, 2);
    const response = await checkout([
      { ...rashguardM, size: "L", customText: "SILVA" },
      { ...rashguardM, size: "S" },
      { ...bundle },
      { ...kneePads },
    ]);
    expect(response.status).toBe(200);
    const db = await testDb();
    const lines = await db.select().from(orderLines).orderBy(orderLines.position);
    // The bundle's other items are made to order, so the bundle line is too.
    expect(lines.map((l) => l.fromStock)).toEqual([false, false, false, true]);
    expect(await stockOf({ ...rashguardM, size: "L" })).toBe(4);
    expect(await stockOf(kneePads)).toBe(1); // one in the bundle, one on its own
    expect(await stockOf({ productId: "water-bottle", optionType: "Standard", size: "N/A" })).toBe(
      1,
    );
  });

  it("X-STK-3: the bundle is short when one of its items is", async () => {
    await setStock(kneePads, 0);
    const response = await checkout([{ ...bundle }]);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: "Sorry, Knee Pads has just sold out.",
      lineIndex: 0,
    });
  });

  it("X-STK-3: stock never goes below zero (a CHECK constraint backs it up)", async () => {
    await setStock(kneePads, 1);
    const db = await testDb();
    await expect(
      db
        .update(variantStock)
        .set({ quantity: sql`${variantStock.quantity} - 2` })
        .where(eq(variantStock.productId, "knee-pads")),
    ).rejects.toThrow();
    expect(await stockOf(kneePads)).toBe(1);
  });

  it("X-STK-4: expiry with two workers racing cancels each due order once and returns its stock once", { tags: ["race"] }, async () => {
    await setStock(kneePads, 10);
    await setStock(hoodieM, 10);
    for (let i = 0; i < 6; i++) {
      const response = await checkout([{ ...kneePads }, { ...hoodieM, quantity: 1 }]);
      expect(response.status).toBe(200);
    }
    const fresh = await checkout([{ ...kneePads, quantity: 2 }]);
    expect(fresh.status).toBe(200);
    const { sessionId: freshSession } = (await fresh.json()) as { sessionId: string };
    expect(await stockOf(kneePads)).toBe(2);
    expect(await stockOf(hoodieM)).toBe(4);

    const db = await testDb();
    // Six orders are past their time; the seventh is not yet due.
    await db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(ne(orders.paymentSessionId, freshSession));
    const [first, second] = await Promise.all([expireDueOrders(db, new Date()), expireDueOrders(db, new Date())]);
    const expired = [...first!, ...second!];
    expect(expired).toHaveLength(6);
    expect(new Set(expired).size).toBe(6);
    // A later pass (or a Stripe expired event) finds nothing left to give back.
    expect(await expireDueOrders(db, new Date())).toEqual([]);
    for (const id of expired) expect(await markOrderCancelled(db, id)).toBe(false);

    expect(await stockOf(kneePads)).toBe(8);
    expect(await stockOf(hoodieM)).toBe(10);
    const statuses = (await db.select().from(orders)).map((o) => legacyStatus(o));
    expect(statuses.sort()).toEqual([...Array(6).fill("cancelled"), "pending"]);
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "X-STK-4: a worker skips an order another process holds (SKIP LOCKED) instead of waiting",
    { timeout: 15_000, tags: ["race"] },
    async () => {
      await setStock(kneePads, 5);
      for (let i = 0; i < 3; i++) expect((await checkout([{ ...kneePads }])).status).toBe(200);
      const db = await testDb();
      await db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
      const [held] = await db.select({ id: orders.id }).from(orders).limit(1);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let signalLocked!: () => void;
      const locked = new Promise<void>((resolve) => (signalLocked = resolve));
      // Another process is busy with one of the due orders (e.g. a payment marking it paid).
      const holder = db.transaction(async (tx) => {
        await tx.select().from(orders).where(eq(orders.id, held!.id)).for("update");
        signalLocked();
        await released;
      });
      await locked;
      try {
        const expired = await expireDueOrders(db, new Date());
        expect(expired).toHaveLength(2);
        expect(expired).not.toContain(held!.id);
      } finally {
        release();
        await holder;
      }
      expect(await expireDueOrders(db, new Date())).toEqual([held!.id]);
      expect(await stockOf(kneePads)).toBe(5);
    },
  );

  it("X-STK-4: cancelling races give back once; a paid order is not expired", { tags: ["race"] }, async () => {
    await setStock(kneePads, 3);
    const response = await checkout([{ ...kneePads, quantity: 3 }]);
    expect(response.status).toBe(200);
    const db = await testDb();
    const [order] = await db.select().from(orders);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => markOrderCancelled(db, order!.id)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(kneePads)).toBe(3);

    const paid = await checkout([{ ...kneePads }]);
    expect(paid.status).toBe(200);
    await db
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: sql`now()`, expiresAt: new Date(Date.now() - 60_000) })
      .where(statusIsSql("pending"));
    expect(await expireDueOrders(db, new Date())).toEqual([]);
    expect(await stockOf(kneePads)).toBe(2);
  });

  it("X-STK-4: the order-expiry background job expires a due order and returns its stock", async () => {
    await setStock(kneePads, 2);
    expect((await checkout([{ ...kneePads, quantity: 2 }])).status).toBe(200);
    const db = await testDb();
    await db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
    const expiry = backgroundJobs(theShop()).find((job) => job.name === "order-expiry")!;
    const jobs = startJobs(db, [{ ...expiry, everyMs: 50 }]);
    try {
      await expect
        .poll(async () => (await db.select().from(orders)).map((o) => legacyStatus(o))[0], {
          timeout: 5000,
        })
        .toBe("cancelled");
    } finally {
      await jobs.stop();
    }
    expect(await stockOf(kneePads)).toBe(2);
  });

  it("X-STK-4: an expired order cannot be paid on the payment page, and its stock comes back", async () => {
    await setStock(kneePads, 1);
    const response = await checkout([{ ...kneePads }]);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const db = await testDb();
    await db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) });
    const form = new FormData();
    for (const [k, v] of Object.entries(paymentFields("expired@example.com"))) form.set(k, v);
    const paid = await call(pay, `/payment?session_id=${sessionId}`, { method: "POST", body: form });
    expect(paid.status).toBe(409);
    const answer = (await paid.json()) as { error: string; values: Record<string, string> };
    expect(answer.error).toBe(
      "This order has expired and can no longer be paid. Please check out again.",
    );
    // What was typed comes back (issue 56), the card's number and CVV apart.
    expect(answer.values.email).toBe("expired@example.com");
    expect(answer.values).not.toHaveProperty("cardNumber");
    expect(answer.values).not.toHaveProperty("cvv");
    const [order] = await db.select().from(orders);
    expect(legacyStatus(order!)).toBe("cancelled");
    expect(await stockOf(kneePads)).toBe(1);
  });

  it("X-STK-4: pending orders expire CHECKOUT_EXPIRY_MINUTES (30) after they are made", async () => {
    const before = Date.now();
    const response = await checkout([{ ...kneePads }]);
    expect(response.status).toBe(200);
    const db = await testDb();
    const [order] = await db.select().from(orders);
    const minutes = (order!.expiresAt.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThanOrEqual(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });
});

describe(`lead times through to the confirmation (${TEST_DRIVER})`, () => {
  it("X-STK-2: verify-order and the confirmation e-mail give each line its lead time", async () => {
    const db = await testDb();
    await db.delete(variantStock);
    await setStock(kneePads, 4);
    const response = await checkout([
      { ...kneePads },
      { ...rashguardM, size: "S", customText: "LEAD" },
    ]);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const form = new FormData();
    for (const [k, v] of Object.entries(paymentFields("lead-times@example.com"))) form.set(k, v);
    await call(pay, `/payment?session_id=${sessionId}`, { method: "POST", body: form }).catch(
      (thrown: unknown) => {
        if (!(thrown instanceof Response)) throw thrown;
      },
    );
    const verified = await call(
      verifyOrder,
      "/api/verify-order",
      postJson({ sessionId }, { cookie: receiptOf(response) }), // the browser that paid (X-SEC-20)
    );
    const body = (await verified.json()) as {
      success: boolean;
      session: { lines: { product_name: string; from_stock: boolean; lead_time: string }[] };
    };
    expect(body.success).toBe(true);
    expect(body.session.lines.map((l) => [l.product_name, l.from_stock, l.lead_time])).toEqual([
      ["Knee Pads", true, "Dispatched in 2-3 working days"],
      ["Mens England No-Gi Set", false, "Made to order: dispatched in 3-6 weeks"],
    ]);
    const mail = (await outbox()).find((m) => m.text.includes("To: lead-times@example.com"));
    const text = decodeMail(mail!.text);
    expect(text).toMatch(/Knee Pads[^\n]*\n\s*Dispatched in 2-3 working days/);
    expect(text).toMatch(/Mens England No-Gi Set[^\n]*\n\s*Made to order: dispatched in 3-6 weeks/);
  });
});

describe(`the owner's stock functions (${TEST_DRIVER})`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(variantStock);
  });

  it("X-STK-1: sets a quantity or made to order, validated against the catalogue", async () => {
    const db = await testDb();
    expect(await setVariantStock(db, { ...hoodieM, quantity: 7 }, new Date())).toEqual({
      ok: true,
      variant: { productId: hoodieM.productId, optionType: "Hoodies", size: "M", color: "Grey", quantity: 7 },
    });
    expect(await stockOf(hoodieM)).toBe(7);
    expect((await setVariantStock(db, { ...hoodieM, quantity: null }, new Date())).ok).toBe(true);
    expect(await stockOf(hoodieM)).toBeNull();

    const bad: [unknown, number, RegExp][] = [
      [{ ...hoodieM, quantity: -1 }, 400, /0 or more/],
      [{ ...hoodieM, quantity: 1.5 }, 400, /whole number/],
      [{ ...hoodieM, quantity: "3" }, 400, /whole number/],
      [{ ...hoodieM, color: undefined, quantity: 1 }, 400, /not sold as/],
      [{ ...hoodieM, color: "Pink", quantity: 1 }, 400, /colour "Pink"/],
      [{ ...rashguardM, size: "XXXL", quantity: 1 }, 400, /size "XXXL"/],
      [{ ...rashguardM, color: "Grey", quantity: 1 }, 400, /not sold as/],
      [{ ...bundle, quantity: 1 }, 400, /no stock of its own: set the stock of its items/],
      [{ ...kneePads, productId: "nope", quantity: 1 }, 404, /No product/],
      [{ quantity: 1 }, 400, /productId/],
    ];
    for (const [body, status, message] of bad) {
      const result = await setVariantStock(db, body, new Date());
      expect(result.ok ? 200 : statusOf(result)).toBe(status);
      expect(result.ok ? "" : result.message).toMatch(message);
    }
  });

  it("X-STK-1: lists every variant of every product, made to order unless set", async () => {
    const db = await testDb();
    await setStock(hoodieM, 2);
    await setStock(kneePads, 0);
    const products = await listStock(db, new Date());
    const hoodie = products.find((p) => p.productId === hoodieM.productId)!;
    expect(hoodie.variants).toHaveLength(6 * 2);
    expect(hoodie.variants.find((v) => v.size === "M" && v.color === "Grey")?.quantity).toBe(2);
    expect(hoodie.variants.find((v) => v.size === "M" && v.color === "Black")?.quantity).toBeNull();
    const pads = products.find((p) => p.productId === "knee-pads")!;
    expect(pads.variants).toEqual([{ ...kneePads, color: "", quantity: 0 }]);
    expect(products.some((p) => p.productId === "complete-training-bundle")).toBe(false);
  });

  it("X-STK-1: the /admin/stock form saves a product's table all or nothing", async () => {
    const db = await testDb();
    const field = (size: string, color: string) =>
      stockFieldName({ optionType: "Hoodies", size, color });
    const form = new FormData();
    form.set("productId", hoodieM.productId);
    form.set(field("M", "Grey"), "4");
    form.set(field("M", "Black"), "");
    form.set(field("L", "Grey"), "0");
    expect(await applyStockForm(db, form, new Date())).toEqual({ ok: true, saved: 3 });
    expect(await stockOf(hoodieM)).toBe(4);
    expect(await stockOf({ ...hoodieM, color: "Black" })).toBeNull();
    expect(await stockOf({ ...hoodieM, size: "L" })).toBe(0);

    form.set(field("M", "Grey"), "9");
    form.set(field("L", "Grey"), "-1");
    const refused = await applyStockForm(db, form, new Date());
    expect(refused).toMatchObject({ ok: false, kind: "invalid_input" });
    expect(refused.ok ? "" : refused.message).toBe(
      "Mens Grip Truth Hoodie Hoodies, size L, Grey: enter a whole number of 0 or more, or leave it empty for made to order.",
    );
    expect(await stockOf(hoodieM)).toBe(4);
    const unknown = new FormData();
    unknown.set("productId", "nope");
    expect(await applyStockForm(db, unknown, new Date())).toMatchObject({ ok: false, kind: "not_found" });
  });
});
