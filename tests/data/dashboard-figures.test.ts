import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { loader as summaryApi } from "~/routes/api.admin.summary";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
});

const refund = (orderNumber: string, body: unknown) =>
  call(refundApi, `/api/admin/orders/${orderNumber}/refunds`, postJson(body, { cookie }), { orderNumber });
const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), { orderNumber });

describe("X-DAY-2 X-DAY-9: the dashboard's figures add up", () => {
  it("X-DAY-2 X-DAY-9: a day with a kept order, a cancel refunded in full and a £10 part refund: every figure is its hand sum", async () => {
    // Each order (admin-fixtures): a named gi £94.99 and two bottles at £12.99 (subtotal £120.97),
    // 10% off (-£12.10), delivery £11.97: £120.84 paid.
    const kept = await paidOrder({ email: "kept@example.com" });
    const cancelled = await paidOrder({ email: "cancelled@example.com" });
    const part = await paidOrder({ email: "part@example.com" });
    expect([kept.totalPence, cancelled.totalPence, part.totalPence]).toEqual([12084, 12084, 12084]);
    expect((await setStatus(cancelled.orderNumber, { status: "cancelled" })).status).toBe(200);
    expect((await refund(cancelled.orderNumber, {})).status).toBe(201);
    expect((await refund(part.orderNumber, { amountPence: 1000 })).status).toBe(201);

    const response = await call(summaryApi, "/api/admin/summary?days=1", { headers: { cookie } });
    expect(response.status).toBe(200);
    const s = (await response.json()) as {
      takingsPence: number;
      refundsPence: number;
      netPence: number;
      orders: number;
      averageOrderPence: number;
      byDay: { date: string; netPence: number; orders: number }[];
      topProducts: { productId: string; quantity: number; netPence: number }[];
      deliveryNetPence: number;
    };
    // By hand: three orders paid, one refunded in full and £10 of another.
    expect(s.takingsPence).toBe(3 * 12084);
    expect(s.refundsPence).toBe(12084 + 1000);
    expect(s.netPence).toBe(3 * 12084 - 12084 - 1000);
    expect(s.orders).toBe(3);
    expect(s.averageOrderPence).toBe(12084);
    expect(s.byDay).toEqual([{ date: s.byDay[0]!.date, netPence: 23168, orders: 3 }]);
    // The goods were paid £120.97 - £12.10 = £108.87: the gi's share £85.49 (9499/12097 of it,
    // rounded up as the larger remainder), the bottles' £23.38. The full refund takes each part
    // back; the £10 is shared by what each part was paid (8549 : 2338 : 1197 delivery):
    // £7.07 gi, £1.94 bottles, £0.99 delivery.
    // The cancelled order sold nothing: 2 gis and 4 bottles from the other two.
    expect(s.topProducts).toEqual([
      { productId: "water-bottle", name: "Water Bottle", quantity: 4, netPence: 3 * 2338 - 2338 - 194 },
      { productId: "mens-grip-truth-bjj-gi", name: "Mens Grip Truth BJJ Gi", quantity: 2, netPence: 3 * 8549 - 8549 - 707 },
    ]);
    expect(s.deliveryNetPence).toBe(3 * 1197 - 1197 - 99);
    // The products and the delivery add up to the net, to the penny.
    expect(s.topProducts.reduce((sum, p) => sum + p.netPence, 0) + s.deliveryNetPence).toBe(s.netPence);
  });
});
