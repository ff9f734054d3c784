import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { orders } from "~/db/schema";
import { loader as exportCsv } from "~/routes/admin.orders.export";
import { loader as ordersPage } from "~/routes/admin.orders";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { forceStatus, OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  await (await testDb()).delete(orders);
});

type Row = { order_number: string; status: string; shipping_method: string };

async function list(query = ""): Promise<{ orders: Row[]; total: number }> {
  const response = await call(ordersApi, `/api/admin/orders${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { orders: Row[]; total: number };
}

describe("X-DAY-3: delivery in the list, 'To make' and 'To ship', checkouts awaiting payment apart", () => {
  it("X-DAY-3: the list carries each order's delivery; awaiting payment is out of the default list and export", async () => {
    const db = await testDb();
    const toMake = await paidOrder({ email: "make@example.com" });
    const toShip = await paidOrder({ email: "ship@example.com" });
    await forceStatus(toShip.id, "in_production");
    await db.update(orders).set({ shippingMethod: "uk-express" }).where(eq(orders.id, toShip.id));
    const [unpaid] = await db
      .insert(orders)
      .values({ paymentProvider: "sandbox", subtotalPence: 1000, shippingPence: 0, totalPence: 1000 })
      .returning();

    const all = await list();
    expect(all.total).toBe(2);
    expect(all.orders.map((o) => [o.order_number, o.shipping_method])).toEqual([
      [toShip.orderNumber, "uk-express"],
      [toMake.orderNumber, "uk-standard"],
    ]);
    expect((await list("?status=paid")).orders.map((o) => o.order_number)).toEqual([toMake.orderNumber]);
    expect((await list("?status=in_production")).orders.map((o) => o.order_number)).toEqual([
      toShip.orderNumber,
    ]);
    const awaiting = await list("?status=pending");
    expect(awaiting.orders.map((o) => o.order_number)).toEqual([unpaid!.orderNumber]);

    // The page has the same rows, with the delivery for its badge.
    const page = (await (await call(ordersPage, "/admin/orders", { headers: { cookie } })).json()) as {
      orders: Row[];
    };
    expect(page.orders.map((o) => o.shipping_method)).toEqual(["uk-express", "uk-standard"]);

    // The export follows the list: no unpaid checkout in it unless asked for.
    const csv = await (await call(exportCsv, "/admin/orders/export.csv", { headers: { cookie } })).text();
    expect(csv).not.toContain(unpaid!.orderNumber);
    expect(csv).toContain(toMake.orderNumber);
    const pendingCsv = await (
      await call(exportCsv, "/admin/orders/export.csv?status=pending", { headers: { cookie } })
    ).text();
    expect(pendingCsv.trim().split("\r\n")).toHaveLength(1);
  });
});
