import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import { orderNumberCounter, orders } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { fulfilPaidOrder } from "~/flows/fulfilment/fulfil.server";
import { createPendingOrder, findOrderById, markOrderCancelled, markOrderPaid } from "~/orders/orders.server";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { testDb, theShop, useTestSettings } from "./shop";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { receiptCookie } from "~/flows/checkout/receipt-cookie.server";
import { legacyStatus } from "~/orders/status";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let sessions = 0;
async function pendingOrder(db: Database) {
  return createPendingOrder(db, {
    lines: [
      {
        productId: "water-bottle",
        productName: "Water Bottle",
        optionType: "Standard",
        size: "N/A",
        quantity: 1,
        unitPricePence: 1299,
      },
    ],
    totals: { subtotalPence: 1299, shippingPence: 399, discountPence: 0, totalPence: 1698 },
    discount: undefined,
    provider: "sandbox",
    paymentSessionId: `cs_numbers_${++sessions}_${Date.now()}`,
    shippingMethod: "uk-standard",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    now: new Date(),
    stockLookup: (id) => seeded(id),
    vatLookup: (id) => seeded(id),
  });
}

const details = { customerEmail: "numbers@example.com", paymentReference: "sandbox_numbers" };

function numberOf(orderNumber: string): number {
  expect(orderNumber).toMatch(/^GT-\d+$/);
  return Number(orderNumber.slice(3));
}

async function counter(db: Database): Promise<number | undefined> {
  const [row] = await db.select().from(orderNumberCounter).where(eq(orderNumberCounter.id, 1));
  return row?.last;
}

describe("X-DAY-3: an order number is given when the order is paid", () => {
  it("X-DAY-3: a checkout has a reference, not a number; the first paid order is GT-10001", async () => {
    const db = await testDb();
    const order = await pendingOrder(db);
    expect(order.orderNumber).toMatch(/^CHK-\d+$/);
    // The customer's check before paying answers the reference; once paid, the number.
    // The browser that opened the checkout holds its receipt cookie (X-SEC-20).
    const buyer = { cookie: (await receiptCookie(db, order.paymentSessionId!, {})).split(";")[0]! };
    const before = await call(verifyOrder, "/api/verify-order", postJson({ sessionId: order.paymentSessionId }, buyer));
    expect(await before.json()).toMatchObject({ success: false, session: { order_number: order.orderNumber, status: "pending" } });
    const paid = await fulfilPaidOrder(db, order.id, details, theShop().settings, new Date());
    expect(paid!.orderNumber).toBe("GT-10001");
    const after = await call(verifyOrder, "/api/verify-order", postJson({ sessionId: order.paymentSessionId }, buyer));
    expect(await after.json()).toMatchObject({ success: true, session: { order_number: "GT-10001", status: "paid" } });
    // Paying again changes nothing and takes no number.
    const again = await fulfilPaidOrder(db, order.id, details, theShop().settings, new Date());
    expect(again!.orderNumber).toBe("GT-10001");
    expect(await counter(db)).toBe(10001);
  });

  it("X-DAY-3: an expired checkout and a payment rolled back take no number: no gap", async () => {
    const db = await testDb();
    const expired = await pendingOrder(db);
    expect(await markOrderCancelled(db, expired.id)).toBe(true);
    const start = (await counter(db)) ?? 10000;
    // A payment whose transaction fails after the number was taken gives it back.
    const failing = await pendingOrder(db);
    await expect(
      db.transaction(async (tx) => {
        await markOrderPaid(tx as unknown as Database, failing.id, details);
        throw new Error("the rest of the payment failed");
      }),
    ).rejects.toThrow("the rest of the payment failed");
    expect(legacyStatus((await findOrderById(db, failing.id))!)).toBe("pending");
    const next = await pendingOrder(db);
    const paid = await fulfilPaidOrder(db, next.id, details, theShop().settings, new Date());
    expect(numberOf(paid!.orderNumber)).toBe(start + 1);
    const cancelled = await findOrderById(db, expired.id);
    expect(legacyStatus(cancelled!)).toBe("cancelled");
    expect(cancelled!.orderNumber).toBe(expired.orderNumber);
    expect(cancelled!.orderNumber).toMatch(/^CHK-/);
    // The unpaid ones stay addressable in the back office by their reference.
    const cookie = await signInCookie();
    const list = await call(ordersApi, `/api/admin/orders?status=cancelled&q=${expired.orderNumber}`, { headers: { cookie } });
    expect(await list.json()).toMatchObject({ orders: [{ order_number: expired.orderNumber, status: "cancelled" }] });
  });

  it("X-DAY-3: many orders paid at once get consecutive numbers, no gap and no duplicate, each once", { tags: ["race"] }, async () => {
    const db = await testDb();
    const start = (await counter(db)) ?? 10000;
    const pending = [];
    for (let i = 0; i < 8; i++) pending.push(await pendingOrder(db));
    // A checkout made among them that is never paid: it expires while they are paid.
    const expiring = await pendingOrder(db);
    for (let i = 0; i < 8; i++) pending.push(await pendingOrder(db));
    // Two payment paths for every order at once (the payment page and a webhook, say).
    const results = await Promise.all([
      ...pending.flatMap((order) => [fulfilPaidOrder(db, order.id, details, theShop().settings, new Date()), fulfilPaidOrder(db, order.id, details, theShop().settings, new Date())]),
      markOrderCancelled(db, expiring.id),
    ]);
    expect(results.at(-1)).toBe(true);
    const rows = await db
      .select({ id: orders.id, orderNumber: orders.orderNumber, paymentStatus: orders.paymentStatus, fulfilmentStatus: orders.fulfilmentStatus })
      .from(orders)
      .where(sql`${orders.id} in ${pending.map((o) => o.id)}`);
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => legacyStatus(r) === "paid")).toBe(true);
    const numbers = rows.map((r) => numberOf(r.orderNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 16 }, (_, i) => start + 1 + i));
    expect(await counter(db)).toBe(start + 16);
    // Both callers of one order saw the same number.
    for (let i = 0; i < pending.length; i++) {
      const [a, b] = [results[2 * i] as { orderNumber: string }, results[2 * i + 1] as { orderNumber: string }];
      expect(a.orderNumber).toBe(b.orderNumber);
    }
    expect((await findOrderById(db, expiring.id))!.orderNumber).toMatch(/^CHK-/);
  });
});
