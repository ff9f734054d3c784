import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import {
  enquiries,
  orderRefunds,
  orders,
  returnRequests,
  variantStock,
} from "~/db/schema";
import { ukDay } from "~/flows/back-office/uk-days";
import { loader as dashboardPage } from "~/routes/admin.dashboard";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { loader as summaryApi } from "~/routes/api.admin.summary";
import { forceStatus, OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { legacyStatus } from "~/orders/status";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(enquiries);
  await db.delete(variantStock);
});

interface Summary {
  takingsPence: number;
  refundsPence: number;
  netPence: number;
  orders: number;
  averageOrderPence: number;
  byDay: { date: string; netPence: number; orders: number }[];
  toMake: number;
  toShip: number;
  openReturns: number;
  openEnquiries: number;
  lowStock: { productId: string; optionType: string; size: string; color: string; quantity: number }[];
  topProducts: { productId: string; name: string; quantity: number; netPence: number }[];
  deliveryNetPence: number;
}

async function summary(query = ""): Promise<Summary> {
  const response = await call(summaryApi, `/api/admin/summary${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as Summary;
}

const refund = async (orderNumber: string, amountPence: number) => {
  const response = await call(
    refundApi,
    `/api/admin/orders/${orderNumber}/refunds`,
    postJson({ amountPence }, { cookie }),
    { orderNumber },
  );
  expect(response.status).toBe(201);
};

describe("X-DAY-2: the dashboard's figures", () => {
  it("X-DAY-2: takings, refunds, net, orders and the average equal the orders and refunds placed", async () => {
    const db = await testDb();
    const a = await paidOrder({ email: "a@example.com" });
    const b = await paidOrder({ email: "b@example.com" });
    const c = await paidOrder({ email: "c@example.com" });
    // Paid two UK days ago: in the 30 days, not today.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db.update(orders).set({ paidAt: twoDaysAgo }).where(eq(orders.id, c.id));
    // Paid 40 days ago: outside the 30 days.
    const old = await paidOrder({ email: "old@example.com" });
    await db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orders.id, old.id));
    // A checkout never paid counts for nothing.
    await db.insert(orders).values({
      paymentProvider: "sandbox",
      subtotalPence: 1000,
      shippingPence: 0,
      totalPence: 1000,
    });
    await refund(a.orderNumber, 500);
    await refund(b.orderNumber, 250);

    const placed = [a, b, c];
    const takings = placed.reduce((sum, o) => sum + o.totalPence, 0);
    const s = await summary();
    expect(s.takingsPence).toBe(takings);
    expect(s.refundsPence).toBe(750);
    expect(s.netPence).toBe(takings - 750);
    expect(s.orders).toBe(3);
    expect(s.averageOrderPence).toBe(Math.round(takings / 3));

    expect(s.byDay).toHaveLength(30);
    const today = ukDay(new Date());
    expect(s.byDay.at(-1)).toEqual({ date: today, netPence: a.totalPence + b.totalPence - 750, orders: 2 });
    expect(s.byDay.find((d) => d.date === ukDay(twoDaysAgo))).toEqual({
      date: ukDay(twoDaysAgo),
      netPence: c.totalPence,
      orders: 1,
    });
    expect(s.byDay.reduce((sum, d) => sum + d.netPence, 0)).toBe(s.netPence);
    expect(s.byDay.reduce((sum, d) => sum + d.orders, 0)).toBe(s.orders);

    // Over one day only today's are counted; over 60 the old one too.
    const oneDay = await summary("?days=1");
    expect(oneDay.byDay).toEqual([{ date: today, netPence: a.totalPence + b.totalPence - 750, orders: 2 }]);
    expect(oneDay.orders).toBe(2);
    const sixty = await summary("?days=60");
    expect(sixty.takingsPence).toBe(takings + old.totalPence);
    expect(sixty.orders).toBe(4);

    // Top products: each paidOrder sells one gi and two water bottles; their lines' totals less
    // each order's discount share (£85.49 and £23.38 of each order's £108.87 of goods), less their
    // share of the refunds (issue 53): £5.00 shared 354 : 97 : 49 (delivery), £2.50 177 : 48 : 25.
    expect(s.topProducts).toEqual([
      { productId: "water-bottle", name: "Water Bottle", quantity: 6, netPence: 3 * 2338 - 97 - 48 },
      {
        productId: "mens-grip-truth-bjj-gi",
        name: "Mens Grip Truth BJJ Gi",
        quantity: 3,
        netPence: 3 * 8549 - 354 - 177,
      },
    ]);
    expect(s.deliveryNetPence).toBe(3 * 1197 - 49 - 25);
    expect(s.topProducts.reduce((sum, p) => sum + p.netPence, 0) + s.deliveryNetPence).toBe(s.netPence);

    // The page shows the same object, with today's takings.
    const page = (await (await call(dashboardPage, "/admin", { headers: { cookie } })).json()) as {
      summary: Summary;
      todayTakingsPence: number;
    };
    expect(page.summary).toEqual(s);
    expect(page.todayTakingsPence).toBe(a.totalPence + b.totalPence);
  });

  it("X-DAY-2: work to do and stock running low", async () => {
    const db = await testDb();
    const toMake = await paidOrder();
    const toShip = await paidOrder();
    const shipped = await paidOrder();
    await forceStatus(toShip.id, "made");
    await forceStatus(shipped.id, "dispatched");
    await db.insert(returnRequests).values([
      { orderId: shipped.id, reason: "Too small" },
      { orderId: shipped.id, reason: "Wrong colour", status: "received", receivedAt: new Date() },
    ]);
    await db.insert(enquiries).values([
      { name: "Coach", email: "coach@example.com", message: "20 gis please" },
      { name: "Done", email: "done@example.com", message: "Answered", handledAt: new Date() },
    ]);
    await db.insert(variantStock).values([
      { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 2 },
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", color: "White", quantity: 0 },
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A3", color: "White", quantity: 4 },
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A4", color: "White", quantity: null },
    ]);
    expect(legacyStatus(toMake)).toBe("paid");

    const s = await summary();
    expect(s.toMake).toBe(1);
    expect(s.toShip).toBe(1);
    expect(s.openReturns).toBe(1);
    expect(s.openEnquiries).toBe(1);
    expect(s.lowStock).toEqual([
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", color: "White", quantity: 0 },
      { productId: "water-bottle", optionType: "Standard", size: "N/A", color: "", quantity: 2 },
    ]);
  });

  it("X-DAY-2: days outside 1-366 get a 400 with a sentence; no owner gets a 401", async () => {
    for (const days of ["0", "367", "abc", "1.5"]) {
      const response = await call(summaryApi, `/api/admin/summary?days=${days}`, { headers: { cookie } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        "Days must be a whole number from 1 to 366.",
      );
    }
    const anonymous = await call(summaryApi, "/api/admin/summary");
    expect(anonymous.status).toBe(401);
    const refunds = await (await testDb()).select().from(orderRefunds);
    expect(refunds).toEqual([]);
  });
});
