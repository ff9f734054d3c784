import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { discountCodes, orderEvents, orderRefunds, orders } from "~/db/schema";
import { action as orderPageAction } from "~/routes/admin.order";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, postJson } from "./helpers";
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
    await db.update(orders).set({ paymentStatus: "pending", paidAt: null }).where(eq(orders.id, order.id));
    let response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirm: { kind: "cancel", refundPence: 0 } });
    expect(legacyStatus(await orderRow(order.id))).toBe("pending");
    response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled", confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(legacyStatus(await orderRow(order.id))).toBe("cancelled");
    // Other steps need no confirmation.
    const other = await paidOrder();
    expect((await pagePost(other.orderNumber, { intent: "status", status: "in_production" })).status).toBe(302);
  });
});

const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), { orderNumber });

async function usesOf(code: string) {
  const [row] = await (await testDb()).select().from(discountCodes).where(eq(discountCodes.code, code));
  return row!.uses;
}

describe("X-DAY-1: cancel and refund, exactly once", () => {
  it("X-DAY-1: two cancel-with-refund requests at once give one refund and one e-mail stating the amount", { tags: ["race"] }, async () => {
    const order = await paidOrder({ email: "race-cancel@example.com" });
    const usesBefore = await usesOf("SAVE10");
    const answers = await Promise.all([
      setStatus(order.orderNumber, { status: "cancelled", refund: true }),
      setStatus(order.orderNumber, { status: "cancelled", refund: true }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Json[];
    expect(bodies.filter((b) => b.refund)).toHaveLength(1);
    for (const body of bodies) expect(body).toMatchObject({ refunded_pence: order.totalPence, refundable_pence: 0 });
    const db = await testDb();
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountPence: order.totalPence, status: "succeeded" });
    const after = await orderRow(order.id);
    expect(after.refundedPence).toBe(order.totalPence);
    expect(legacyStatus(after)).toBe("refunded");
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => [e.kind, e.after?.status])).toEqual([
      ["status", "cancelled"],
      ["refund", "refunded"],
    ]);
    // The discount code's use comes back with the cancel, once.
    expect(await usesOf("SAVE10")).toBe(usesBefore - 1);
    const mails = (await mailsTo("race-cancel@example.com")).filter((m) => /cancelled|refunded/.test(m));
    expect(mails).toHaveLength(1);
    const amount = `£${(order.totalPence / 100).toFixed(2)}`;
    expect(mails[0]).toContain(`cancelled and we have refunded ${amount} (the full amount)`);

    // Asking again later changes nothing and sends nothing.
    const again = await setStatus(order.orderNumber, { status: "cancelled", refund: true });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: "refunded", refunded_pence: order.totalPence });
    // A plain cancel of the cancelled and refunded order changes nothing either (X-ORD-1: its
    // fulfilment is cancelled already; its payment stays refunded).
    const plain = await setStatus(order.orderNumber, { status: "cancelled" });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toMatchObject({
      status: "refunded",
      payment_status: "refunded",
      fulfilment_status: "cancelled",
    });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect((await mailsTo("race-cancel@example.com")).filter((m) => /cancelled|refunded/.test(m))).toHaveLength(1);
  });

  it("X-DAY-1: six at once, with a reason: still one refund, one e-mail, one use given back", { tags: ["race"] }, async () => {
    const order = await paidOrder({ email: "six@example.com" });
    const usesBefore = await usesOf("SAVE10");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => setStatus(order.orderNumber, { status: "cancelled", refund: true, reason: "Out of fabric" })),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const db = await testDb();
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(1);
    expect(await usesOf("SAVE10")).toBe(usesBefore - 1);
    const mails = (await mailsTo("six@example.com")).filter((m) => /cancelled|refunded/.test(m));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Reason: Out of fabric");
  });

  it("X-DAY-1: refund must be a boolean and only with a cancel; an unpaid order is just cancelled", async () => {
    const order = await paidOrder({ email: "unpaid-cancel@example.com" });
    expect((await setStatus(order.orderNumber, { status: "cancelled", refund: "yes" })).status).toBe(400);
    expect((await setStatus(order.orderNumber, { status: "in_production", refund: true })).status).toBe(400);
    expect(legacyStatus(await orderRow(order.id))).toBe("paid");
    const db = await testDb();
    await db.update(orders).set({ paymentStatus: "pending", paidAt: null }).where(eq(orders.id, order.id));
    const response = await setStatus(order.orderNumber, { status: "cancelled", refund: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "cancelled", refunded_pence: 0 });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);
    const mails = (await mailsTo("unpaid-cancel@example.com")).filter((m) => m.includes("has been cancelled"));
    expect(mails).toHaveLength(1);
  });

  it("X-DAY-1: the order page offers Cancel and refund for a paid order, asks first, then does both", async () => {
    const order = await paidOrder({ email: "page-cancel@example.com" });
    let response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled" });
    expect(await response.json()).toEqual({ confirm: { kind: "cancel", refundPence: order.totalPence } });
    expect(legacyStatus(await orderRow(order.id))).toBe("paid");
    response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled", refund: "yes", confirmed: "yes" });
    expect(response.status).toBe(302);
    const amount = `£${(order.totalPence / 100).toFixed(2)}`;
    expect(decodeURIComponent(response.headers.get("location")!)).toContain(`Order cancelled and ${amount} refunded.`);
    expect(legacyStatus((await orderRow(order.id))!)).toBe("refunded");
    expect(await orderRow(order.id)).toMatchObject({ refundedPence: order.totalPence });
  });

  it("X-DAY-1: the Cancel and refund step takes an optional reason, kept with the refund and in the e-mail", async () => {
    const order = await paidOrder({ email: "cancel-reason@example.com" });
    // Too long: said, the step stays, nothing is done.
    const long = await pagePost(order.orderNumber, { intent: "status", status: "cancelled", refund: "yes", confirmed: "yes", reason: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      error: "The reason can have at most 300 characters.",
      confirm: { kind: "cancel", refundPence: order.totalPence },
    });
    expect(legacyStatus(await orderRow(order.id))).toBe("paid");
    const response = await pagePost(order.orderNumber, { intent: "status", status: "cancelled", refund: "yes", confirmed: "yes", reason: " Customer changed their mind " });
    expect(response.status).toBe(302);
    const db = await testDb();
    const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ amountPence: order.totalPence, reason: "Customer changed their mind" });
    const mails = (await mailsTo("cancel-reason@example.com")).filter((m) => m.includes("has been cancelled and we have refunded"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Reason: Customer changed their mind");
  });
});
