import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { orders } from "~/db/schema";
import { loader as customerPage } from "~/routes/admin.customer";
import { loader as customersPage } from "~/routes/admin.customers";
import { loader as customersApi } from "~/routes/api.admin.customers";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";

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

interface Customer {
  email: string;
  name: string;
  orders: number;
  totalPence: number;
  lastOrderAt: string;
}

async function list(query = ""): Promise<{ customers: Customer[]; total: number }> {
  const response = await call(customersApi, `/api/admin/customers${query}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as { customers: Customer[]; total: number };
}

describe("X-DAY-4: customers", () => {
  it("X-DAY-4: one row per e-mail (any case) with orders, spend less refunds and last order; searched by name or e-mail", async () => {
    const db = await testDb();
    const first = await paidOrder({ email: "ana@example.com", firstName: "Ana", lastName: "Silva" });
    const second = await paidOrder({ email: "ANA@Example.com", firstName: "Ana", lastName: "Souza" });
    const kai = await paidOrder({ email: "kai@example.com", firstName: "Kai", lastName: "Brown" });
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.id, kai.id));
    // An unpaid checkout makes no customer.
    await db.insert(orders).values({
      paymentProvider: "sandbox",
      subtotalPence: 1000,
      shippingPence: 0,
      totalPence: 1000,
      customerEmail: "ghost@example.com",
    });
    const refunded = await call(
      refundApi,
      `/api/admin/orders/${first.orderNumber}/refunds`,
      postJson({ amountPence: 300 }, { cookie }),
      { orderNumber: first.orderNumber },
    );
    expect(refunded.status).toBe(201);

    const all = await list();
    expect(all.total).toBe(2);
    expect(all.customers).toEqual([
      {
        email: "ana@example.com",
        name: "Ana Souza",
        orders: 2,
        totalPence: first.totalPence + second.totalPence - 300,
        lastOrderAt: second.createdAt.toISOString(),
      },
      {
        email: "kai@example.com",
        name: "Kai Brown",
        orders: 1,
        totalPence: kai.totalPence,
        lastOrderAt: expect.any(String),
      },
    ]);
    expect((await list("?q=silva")).customers.map((c) => c.email)).toEqual(["ana@example.com"]);
    expect((await list("?q=KAI@")).customers.map((c) => c.email)).toEqual(["kai@example.com"]);
    expect((await list("?q=ghost")).total).toBe(0);
    expect((await list("?q=%25")).total).toBe(0);

    // The page lists the same, and a customer's page has their orders.
    const page = (await (await call(customersPage, "/admin/customers", { headers: { cookie } })).json()) as {
      customers: (Customer & { key: string })[];
    };
    const key = page.customers[0]!.key;
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    const one = await call(customerPage, `/admin/customers/${key}`, { headers: { cookie } }, { key });
    expect(one.status).toBe(200);
    const shown = (await one.json()) as { customer: Customer; orders: { orderNumber: string }[] };
    expect(shown.customer).toMatchObject({ email: "ana@example.com", orders: 2 });
    expect(shown.orders.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    const missing = await call(customerPage, "/admin/customers/nope", { headers: { cookie } }, { key: "nope" });
    expect(missing.status).toBe(404);
  });

  it("X-DAY-4: no owner, no customers", async () => {
    expect((await call(customersApi, "/api/admin/customers")).status).toBe(401);
  });
});
