import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { auditLog, orderLines, orders, variantStock } from "~/db/schema";
import { createReturnRequest } from "~/returns/requests.server";
import { action as returnsAction, loader as returnsPage } from "~/routes/admin.returns";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { action as stockApi, loader as stockList } from "~/routes/api.admin.stock";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { statusIsSql } from "~/orders/states.server";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const journal = { productId: "training-journal", optionType: "Standard", size: "N/A" };

const putStock = (body: unknown, headers: Record<string, string> = { cookie }) =>
  call(stockApi, "/api/admin/stock", { ...postJson(body, headers), method: "PUT" });

async function shelf(): Promise<number | null | undefined> {
  const db = await testDb();
  const [row] = await db
    .select({ quantity: variantStock.quantity })
    .from(variantStock)
    .where(and(eq(variantStock.productId, journal.productId), eq(variantStock.size, "N/A")));
  return row?.quantity;
}

describe("the owner's stock (X-STK-1)", () => {
  it("X-STK-1 X-OPS-1 X-OPS-10: PUT /api/admin/stock needs the owner, sets a quantity or made to order, and is audited", async () => {
    expect((await putStock({ ...journal, quantity: 3 }, {})).status).toBe(401);
    expect(
      (await putStock({ ...journal, quantity: 3 }, { cookie, origin: "https://evil.example" }))
        .status,
    ).toBe(403);

    const set = await putStock({ ...journal, quantity: 3 });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ ...journal, quantity: 3 });
    expect(await shelf()).toBe(3);

    const listed = (await (
      await call(stockList, "/api/admin/stock", { headers: { cookie } })
    ).json()) as { productId: string; variants: { quantity: number | null }[] }[];
    expect(listed.find((p) => p.productId === journal.productId)?.variants[0]?.quantity).toBe(3);

    const wrong = await putStock({ ...journal, size: "XXL", quantity: 1 });
    expect(wrong.status).toBe(400);
    expect((await putStock({ ...journal, quantity: -1 })).status).toBe(400);

    expect((await putStock({ ...journal, quantity: null })).status).toBe(200);
    expect(await shelf()).toBeNull();

    const db = await testDb();
    const audited = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, "stock:training-journal|Standard|N/A|"));
    expect(audited.map((row) => [row.actor, row.before, row.after])).toEqual([
      [OWNER.email, { quantity: null }, { quantity: 3 }],
      [OWNER.email, { quantity: 3 }, { quantity: null }],
    ]);
  });

  it("X-STK-3 X-OPS-4: cancelling a pending order in the back office puts its stock back, once", async () => {
    expect((await putStock({ ...journal, quantity: 2 })).status).toBe(200);
    const session = await call(
      createSession,
      "/api/create-checkout-session",
      postJson(
        { cartItems: [{ ...journal, quantity: 2 }] },
        { "x-client-address": "198.51.100.77" },
      ),
    );
    expect(session.status).toBe(200);
    expect(await shelf()).toBe(0);
    const db = await testDb();
    const [order] = await db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(statusIsSql("pending"));
    const cancel = () =>
      call(
        statusApi,
        `/api/admin/orders/${order!.orderNumber}/status`,
        postJson({ status: "cancelled" }, { cookie }),
        { orderNumber: order!.orderNumber },
      );
    expect((await cancel()).status).toBe(200);
    expect(await shelf()).toBe(2);
    expect((await cancel()).status).toBe(200);
    expect(await shelf()).toBe(2);
  });
});

describe("returns in the back office (X-UK-5)", () => {
  it("X-UK-5 X-OPS-10: /admin/returns lists a request and marks it received once, audited", async () => {
    const order = await paidOrder({ email: "returner@example.com" });
    const db = await testDb();
    await db
      .update(orders)
      .set({ fulfilmentStatus: "dispatched", dispatchedAt: new Date() })
      .where(eq(orders.id, order.id));
    const [bottle] = await db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, "water-bottle")));
    const created = await createReturnRequest(db, {
      orderNumber: order.orderNumber,
      email: "returner@example.com",
      lineIds: [bottle!.id],
      reason: "Leaks",
    }, theShop().settings, new Date());
    expect(created.ok).toBe(true);

    const page = await call(returnsPage, "/admin/returns", { headers: { cookie } });
    const { requests } = (await page.json()) as {
      requests: { id: string; orderNumber: string; status: string }[];
    };
    const listed = requests.find((r) => r.orderNumber === order.orderNumber)!;
    expect(listed.status).toBe("requested");

    const mark = () => {
      const form = new FormData();
      form.set("id", listed.id);
      return call(returnsAction, "/admin/returns", { method: "POST", body: form, headers: { cookie } });
    };
    expect((await mark()).status).toBe(200);
    expect((await mark()).status).toBe(409);
    const audited = await db.select().from(auditLog).where(eq(auditLog.action, "return.received"));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor: OWNER.email, after: { status: "received" } });
  });
});
