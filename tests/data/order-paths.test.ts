import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seeded } from "~/catalogue/seed/catalogue";
import { FULFILMENT_STATUSES, orderLines, orders, PAYMENT_STATUSES, variantStock } from "~/db/schema";
import { createPendingOrder, markOrderPaid } from "~/orders/orders.server";
import { workListSql } from "~/orders/states.server";
import { isOnWorkList, type OrderPath, WORK_LISTS } from "~/orders/status";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { loader as orderApi } from "~/routes/api.admin.order";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { loader as dashboardApi } from "~/routes/api.admin.summary";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(variantStock);
});

type Json = Record<string, unknown>;

const BOTTLE = { productId: "water-bottle", productName: "Water Bottle", optionType: "Standard", size: "N/A" };
const GI = { productId: "mens-grip-truth-bjj-gi", productName: "Mens Grip Truth BJJ Gi", optionType: "Gi", size: "A2" };

/** Puts a variant on the shelf, as the owner's stock page would. */
async function shelve(line: { productId: string; optionType: string; size: string }, quantity: number) {
  const db = await testDb();
  await db.insert(variantStock).values({ ...line, color: "", quantity });
}

/** A paid order as checkout stores it: lines take from stock what the shelf has. */
async function paidOrderOf(
  email: string,
  lines: { productId: string; productName: string; optionType: string; size: string; customText?: string; nameCustomisation?: boolean; quantity: number; unitPricePence: number }[],
) {
  const db = await testDb();
  const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePence, 0);
  const order = await createPendingOrder(db, {
    lines,
    totals: { subtotalPence: subtotal, shippingPence: 395, discountPence: 0, totalPence: subtotal + 395 },
    discount: undefined,
    provider: "sandbox",
    shippingMethod: "uk-standard",
    expiresAt: new Date(Date.now() + 30 * 60_000),
    now: new Date(),
    stockLookup: (id) => seeded(id),
    vatLookup: (id) => seeded(id),
  });
  const address = { firstName: "Ana", lastName: "Silva", address: "1 Beach Road", city: "Redcar", postcode: "TS10 1AA", country: "United Kingdom" };
  const { order: paid } = await markOrderPaid(db, order.id, {
    customerEmail: email,
    customerPhone: "07700 900123",
    shippingAddress: address,
    billingAddress: address,
    cardBrand: "visa",
    cardLast4: "4242",
    paymentReference: `ref-${email}`,
  });
  return paid!;
}

const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), { orderNumber });
const dispatch = (orderNumber: string) =>
  setStatus(orderNumber, { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" });
const orderJson = async (orderNumber: string) =>
  (await (await call(orderApi, `/api/admin/orders/${orderNumber}`, { headers: { cookie } }, { orderNumber })).json()) as Json;
const listed = async (query: string) =>
  ((await (await call(ordersApi, `/api/admin/orders${query}`, { headers: { cookie } })).json()) as { orders: Json[] }).orders.map(
    (o) => o.order_number,
  );
async function mailsTo(email: string) {
  return (await outbox()).map((m) => decodeMail(m.text)).filter((text) => text.includes(`To: ${email}`));
}
async function dashboard() {
  const response = await call(dashboardApi, "/api/admin/summary", { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe("X-DAY-8: each order down its own path", () => {
  it("X-DAY-8 X-OPS-4: an order off the shelf is ready to dispatch at once and dispatched straight from paid", async () => {
    await shelve(BOTTLE, 5);
    const order = await paidOrderOf("shelf@example.com", [{ ...BOTTLE, quantity: 2, unitPricePence: 1299 }]);
    const before = await orderJson(order.orderNumber);
    expect(before).toMatchObject({ path: "stock", fulfilment_label: "Ready to dispatch", fulfilment_status: "unfulfilled" });
    expect(await listed("?work=to_ship")).toEqual([order.orderNumber]);
    expect(await listed("?work=to_make")).toEqual([]);

    const sent = await dispatch(order.orderNumber);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ status: "dispatched", fulfilment_status: "dispatched" });
    expect(await listed("?work=to_ship")).toEqual([]);

    const mails = await mailsTo("shelf@example.com");
    // The order confirmation and the dispatch: no production e-mail, no "3-6 weeks" after payment.
    const dispatched = mails.filter((m) => m.includes("has been dispatched"));
    expect(dispatched).toHaveLength(1);
    expect(dispatched[0]).toContain("2 × Water Bottle");
    expect(mails.some((m) => m.includes("in production"))).toBe(false);
    expect(mails.filter((m) => m.includes("3-6 weeks"))).toEqual([]);
  });

  it("X-DAY-8 X-OPS-4: made to order goes in production, then made, then dispatched, each e-mailed", async () => {
    await shelve(BOTTLE, 5);
    const order = await paidOrderOf("maker@example.com", [
      { ...GI, customText: "SILVA", nameCustomisation: true, quantity: 1, unitPricePence: 9499 },
      { ...BOTTLE, quantity: 1, unitPricePence: 1299 },
    ]);
    const n = order.orderNumber;
    expect(await orderJson(n)).toMatchObject({ path: "make", fulfilment_label: "Not yet made" });
    expect(await listed("?work=to_make")).toEqual([n]);
    expect(await listed("?work=to_ship")).toEqual([]);
    expect(await dashboard()).toMatchObject({ toMake: 1, toShip: 0 });

    // Not dispatched before it is made: a clear 409 for a person.
    const early = await dispatch(n);
    expect(early.status).toBe(409);
    expect(((await early.json()) as Json).error).toMatch(/made to order or personalised: mark it in production, then made/);

    expect((await setStatus(n, { status: "made" })).status).toBe(409);
    expect((await setStatus(n, { status: "in_production" })).status).toBe(200);
    expect(await listed("?work=to_make")).toEqual([n]);
    const made = await setStatus(n, { status: "made" });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({ status: "made", fulfilment_status: "made" });
    expect(await orderJson(n)).toMatchObject({ fulfilment_label: "Made: ready to dispatch" });
    expect(await listed("?work=to_make")).toEqual([]);
    expect(await listed("?work=to_ship")).toEqual([n]);
    expect(await listed("?fulfilment=made")).toEqual([n]);
    expect(await dashboard()).toMatchObject({ toMake: 0, toShip: 1 });
    // Asking again changes nothing and sends nothing.
    expect((await setStatus(n, { status: "made" })).status).toBe(200);
    expect((await dispatch(n)).status).toBe(200);

    const mails = await mailsTo("maker@example.com");
    const production = mails.filter((m) => m.includes("is in production"));
    expect(production).toHaveLength(1);
    // Which lines are made (and how long that takes), which are already on the shelf.
    expect(production[0]).toMatch(/Being made for you \(made-to-order and personalised items take 3-6 weeks[^\n]*\n(?:\r?\n)?- 1 × Mens Grip Truth BJJ Gi/);
    expect(production[0]).toMatch(/Already on our shelf, and sent with the rest:\s*\n(?:\r?\n)?- 1 × Water Bottle/);
    expect(mails.filter((m) => m.includes("has been made"))).toHaveLength(1);
    expect(mails.filter((m) => m.includes("has been dispatched"))).toHaveLength(1);

    const detail = (await orderJson(n)) as { history: { after: Json | null }[] };
    expect(detail.history.map((h) => h.after?.status)).toEqual(["pending", "paid", "in_production", "made", "dispatched"]);
  });

  it("X-DAY-8: a gi on the shelf with a name to print is made: it goes through production", async () => {
    await shelve(GI, 3);
    const order = await paidOrderOf("named@example.com", [
      { ...GI, customText: "SILVA", nameCustomisation: true, quantity: 1, unitPricePence: 9499 },
    ]);
    expect(await orderJson(order.orderNumber)).toMatchObject({ path: "make" });
    expect((await dispatch(order.orderNumber)).status).toBe(409);
  });

  it("X-DAY-8 X-ORD-2: the work lists' query agrees with their rule for every pair of states on both paths", async () => {
    await shelve(BOTTLE, 100);
    const db = await testDb();
    const stock = await paidOrderOf("a@example.com", [{ ...BOTTLE, quantity: 1, unitPricePence: 1299 }]);
    const make = await paidOrderOf("b@example.com", [{ ...GI, quantity: 1, unitPricePence: 9499 }]);
    const paths: [string, OrderPath][] = [
      [stock.id, "stock"],
      [make.id, "make"],
    ];
    const [stockLine] = await db.select().from(orderLines).where(eq(orderLines.orderId, stock.id));
    expect(stockLine!.fromStock).toBe(true);
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const fulfilmentStatus of FULFILMENT_STATUSES) {
        for (const [id] of paths) {
          await db.update(orders).set({ paymentStatus, fulfilmentStatus, paidAt: new Date() }).where(eq(orders.id, id));
        }
        for (const list of WORK_LISTS) {
          const found = (await db.select({ id: orders.id }).from(orders).where(workListSql(list))).map((r) => r.id).sort();
          const expected = paths
            .filter(([, path]) => isOnWorkList({ paymentStatus, fulfilmentStatus }, path, list))
            .map(([id]) => id)
            .sort();
          expect(`${paymentStatus}/${fulfilmentStatus} ${list}: ${found.length}`).toBe(
            `${paymentStatus}/${fulfilmentStatus} ${list}: ${expected.length}`,
          );
          expect(found).toEqual(expected);
        }
      }
    }
  });
});
