import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb } from "./shop";
import { orderEvents, orderRefunds, orders } from "~/db/schema";
import { action as orderPageAction } from "~/routes/admin.order";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, postJson } from "./helpers";

process.env.ADMIN_EMAIL = OWNER.email;
process.env.ADMIN_PASSWORD = OWNER.password;

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
});

type Json = Record<string, unknown>;

async function mailsTo(email: string) {
  return (await outbox()).map((m) => decodeMail(m.text)).filter((text) => text.includes(`To: ${email}`));
}

function pagePost(orderNumber: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call(orderPageAction, `/admin/orders/${orderNumber}`, { method: "POST", body: form, headers: { cookie } }, { orderNumber });
}

async function orderRow(id: string) {
  const [row] = await (await testDb()).select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe("X-DAY-1: nothing irreversible on one click", () => {
  it("X-DAY-1: a refund from the order page asks first, then refunds with its reason in the history and the e-mail", async () => {
    const order = await paidOrder({ email: "reason@example.com" });
    // The first post only asks: nothing is refunded.
    let response = await pagePost(order.orderNumber, { intent: "refund", amount: "12.5", reason: "  Sleeve stitching came loose " });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirm: { kind: "refund", amountPence: 1250, reason: "Sleeve stitching came loose" } });
    expect((await orderRow(order.id)).refundedPence).toBe(0);
    // An empty amount, a wrong one or more than is left are told at the first step.
    expect((await (await pagePost(order.orderNumber, { intent: "refund", amount: "" })).json()) as Json).toEqual({ error: "Enter the amount to refund, in pounds." });
    expect((await pagePost(order.orderNumber, { intent: "refund", amount: "ten" })).status).toBe(400);
    const over = await pagePost(order.orderNumber, { intent: "refund", amount: "999" });
    expect(over.status).toBe(409);
    expect(((await over.json()) as Json).error).toMatch(/^At most £\d+\.\d\d is left/);
    expect((await pagePost(order.orderNumber, { intent: "refund", amount: "1", reason: "x".repeat(301) })).status).toBe(400);

    // The second post carries the confirmation and refunds.
    response = await pagePost(order.orderNumber, { intent: "refund", amount: "12.50", reason: "Sleeve stitching came loose", confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(decodeURIComponent(response.headers.get("location")!)).toContain("Refunded £12.50.");
    expect((await orderRow(order.id)).refundedPence).toBe(1250);
    const db = await testDb();
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ amountPence: 1250, reason: "Sleeve stitching came loose", status: "succeeded" });
    const [event] = await db.select().from(orderEvents).where(eq(orderEvents.kind, "refund"));
    expect(event).toMatchObject({ orderId: order.id, note: "Sleeve stitching came loose" });
    const mails = await mailsTo("reason@example.com");
    const refunded = mails.filter((m) => m.includes("We have refunded £12.50"));
    expect(refunded).toHaveLength(1);
    expect(refunded[0]).toContain("Reason: Sleeve stitching came loose");
  });

  it("X-DAY-1: the JSON refund takes an optional reason; a refund without one says none", async () => {
    const order = await paidOrder({ email: "noreason@example.com" });
    const refund = (body: unknown) =>
      call(refundApi, `/api/admin/orders/${order.orderNumber}/refunds`, postJson(body, { cookie }), { orderNumber: order.orderNumber });
    expect((await refund({ amountPence: 100, reason: 5 })).status).toBe(400);
    expect((await refund({ amountPence: 100, reason: "a\u0000b" })).status).toBe(400);
    let response = await refund({ amountPence: 100, reason: "Late dispatch" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ amount_pence: 100, reason: "Late dispatch" });
    response = await refund({ amountPence: 200, reason: "   " });
    expect(await response.json()).toMatchObject({ amount_pence: 200, reason: null });
    const mails = await mailsTo("noreason@example.com");
    expect(mails.find((m) => m.includes("refunded £2.00"))).not.toContain("Reason:");
    expect(mails.find((m) => m.includes("refunded £1.00"))).toContain("Reason: Late dispatch");
  });

  it("X-DAY-1: cancelling from the order page asks first; the confirmed post cancels", async () => {
    const order = await paidOrder();
    const db = await testDb();
    await db.update(orders).set({ status: "pending", paidAt: null }).where(eq(orders.id, order.id));
    let response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirm: { kind: "cancel", refundPence: 0 } });
    expect((await orderRow(order.id)).status).toBe("pending");
    response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled", confirmed: "yes" });
    expect(response.status).toBe(302);
    expect((await orderRow(order.id)).status).toBe("cancelled");
    // Other steps need no confirmation.
    const other = await paidOrder();
    expect((await pagePost(other.orderNumber, { intent: "status", status: "in_production" })).status).toBe(302);
  });
});
