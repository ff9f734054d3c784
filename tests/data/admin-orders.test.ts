import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import {
  auditLog,
  FULFILMENT_STATUSES,
  orderEvents,
  orderRefunds,
  orders,
  PAYMENT_STATUSES,
} from "~/db/schema";
import { canMoveTo, WORKFLOW_TARGETS } from "~/orders/status";
import { ukDateTimeCell } from "~/flows/back-office/csv";
import { loader as exportCsv } from "~/routes/admin.orders.export";
import { loader as ordersPage } from "~/routes/admin.orders";
import { action as orderPageAction, loader as orderPage } from "~/routes/admin.order";
import { loader as orderApi } from "~/routes/api.admin.order";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { action as tracking } from "~/routes/tracking";
import { forceStatus, OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, postJson } from "./helpers";

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
const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), { orderNumber });
const refund = (orderNumber: string, body: unknown) =>
  call(refundApi, `/api/admin/orders/${orderNumber}/refunds`, postJson(body, { cookie }), { orderNumber });

async function mailsTo(email: string) {
  return (await outbox()).map((m) => decodeMail(m.text)).filter((text) => text.includes(`To: ${email}`));
}

describe("X-OPS-2: the orders list", () => {
  it("X-OPS-2: newest first, filtered by status, searched by number, e-mail and name, 50 a page", async () => {
    const a = await paidOrder({ email: "first@example.com", firstName: "Kai", lastName: "Brown" });
    const b = await paidOrder({ email: "second@example.com", firstName: "Maya", lastName: "Okafor" });
    await forceStatus(b.id, "in_production");
    const list = async (query = "") => {
      const response = await call(ordersApi, `/api/admin/orders${query}`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return (await response.json()) as { orders: Json[]; total: number };
    };
    const all = await list();
    expect(all.total).toBe(2);
    expect(all.orders.map((o) => o.order_number)).toEqual([b.orderNumber, a.orderNumber]);
    expect(all.orders[1]).toEqual({
      order_number: a.orderNumber,
      status: "paid",
      payment_status: "paid",
      fulfilment_status: "unfulfilled",
      total_pence: a.totalPence,
      customer_email: "first@example.com",
      customer_name: "Kai Brown",
      created_at: a.createdAt.toISOString(),
      shipping_method: "uk-standard",
    });
    const page = (await (await call(ordersPage, "/admin/orders", { headers: { cookie } })).json()) as {
      orders: { order_number: string; items: number }[];
    };
    expect(page.orders.map((o) => o.items)).toEqual([3, 3]);
    expect((await list("?status=in_production")).orders.map((o) => o.order_number)).toEqual([b.orderNumber]);
    expect((await list("?q=okafor")).orders.map((o) => o.order_number)).toEqual([b.orderNumber]);
    expect((await list("?q=FIRST@example")).orders.map((o) => o.order_number)).toEqual([a.orderNumber]);
    expect((await list(`?q=${a.orderNumber.toLowerCase()}`)).total).toBe(1);
    expect((await list("?q=%25")).total).toBe(0);
    // Unknown filters are ignored, not errors.
    expect((await list("?status=bogus&page=-3")).total).toBe(2);

    const db = await testDb();
    const many = await Promise.all(Array.from({ length: 51 }, () => paidOrder()));
    expect(many).toHaveLength(51);
    const page1 = await list();
    const page2 = await list("?page=2");
    expect(page1.total).toBe(53);
    expect(page1.orders).toHaveLength(50);
    expect(page2.orders).toHaveLength(3);
    expect(new Set([...page1.orders, ...page2.orders].map((o) => o.order_number)).size).toBe(53);
    await db.delete(orders);
  });
});

describe("X-OPS-4: the order workflow", () => {
  it("X-OPS-4 X-ORD-1: every allowed move of the fulfilment succeeds and every other one is refused with 409", async () => {
    const order = await paidOrder();
    const db = await testDb();
    for (const paymentStatus of PAYMENT_STATUSES) {
      for (const fulfilmentStatus of FULFILMENT_STATUSES) {
        for (const to of WORKFLOW_TARGETS) {
          const paid = !["pending", "failed", "expired"].includes(paymentStatus);
          await db
            .update(orders)
            .set({ paymentStatus, fulfilmentStatus, paidAt: paid ? new Date() : null })
            .where(eq(orders.id, order.id));
          const body = to === "dispatched" ? { status: to, carrier: "Royal Mail", trackingNumber: "RM1" } : { status: to };
          const response = await setStatus(order.orderNumber, body);
          const states = { paymentStatus, fulfilmentStatus };
          const expected = fulfilmentStatus === to || canMoveTo(states, to, "make") ? 200 : 409;
          const pair = `${paymentStatus}/${fulfilmentStatus}→${to}`;
          expect(`${pair}: ${response.status}`).toBe(`${pair}: ${expected}`);
          const json = (await response.json()) as Json;
          if (expected === 200) {
            // Only the fulfilment moved; the payment is as it was.
            expect(json).toMatchObject({ fulfilment_status: to, payment_status: paymentStatus });
          } else expect(json.error).toMatch(/cannot be changed|mark it in production/);
        }
      }
    }
  }, 90_000);

  it("X-OPS-4: paid → in production → dispatched → delivered, each e-mailed once, recorded with who and when", async () => {
    const order = await paidOrder({ email: "flow@example.com" });
    expect((await setStatus(order.orderNumber, { status: "dispatched" })).status).toBe(400);
    let response = await setStatus(order.orderNumber, { status: "in_production" });
    expect(response.status).toBe(200);
    // Repeating it changes nothing and sends nothing.
    expect((await setStatus(order.orderNumber, { status: "in_production" })).status).toBe(200);
    const missing = await setStatus(order.orderNumber, { status: "dispatched", carrier: "Royal Mail" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: "Enter the tracking number." });
    response = await setStatus(order.orderNumber, { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" });
    expect(await response.json()).toMatchObject({ status: "dispatched", carrier: "Royal Mail", tracking_number: "RM123456789GB" });
    response = await setStatus(order.orderNumber, { status: "delivered" });
    expect(response.status).toBe(200);
    expect((await setStatus(order.orderNumber, { status: "cancelled" })).status).toBe(409);
    expect((await setStatus(order.orderNumber, { status: "bogus" })).status).toBe(400);
    expect((await setStatus("GT-1", { status: "delivered" })).status).toBe(404);

    const mails = await mailsTo("flow@example.com");
    expect(mails).toHaveLength(3);
    expect(mails.find((m) => m.includes("in production"))).toContain("3-6 weeks");
    const dispatched = mails.find((m) => m.includes("has been dispatched"))!;
    expect(dispatched).toContain("Carrier: Royal Mail");
    expect(dispatched).toContain("Tracking number: RM123456789GB");
    expect(mails.some((m) => m.includes("has been delivered"))).toBe(true);

    const detail = (await (await call(orderApi, `/api/admin/orders/${order.orderNumber}`, { headers: { cookie } }, { orderNumber: order.orderNumber })).json()) as {
      history: { kind: string; actor: string; before: Json | null; after: Json | null }[];
      lines: Json[];
    };
    expect(detail.lines[0]).toMatchObject({ custom_text: "=SILVA", size: "A2", option_type: "Gi" });
    expect(detail.history.map((h) => [h.actor, h.before?.status ?? null, h.after?.status])).toEqual([
      ["customer", null, "pending"],
      ["customer", "pending", "paid"],
      [OWNER.email, "paid", "in_production"],
      [OWNER.email, "in_production", "dispatched"],
      [OWNER.email, "dispatched", "delivered"],
    ]);
    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, `order:${order.orderNumber}`));
    expect(audit.map((a) => a.action)).toEqual(["order.status", "order.status", "order.status"]);
    expect(audit[1]).toMatchObject({ actor: OWNER.email, before: { status: "in_production", carrier: null }, after: { status: "dispatched", carrier: "Royal Mail" } });
  });

  it("X-OPS-4: two owners pressing the same button at once make one change and one e-mail", { tags: ["race"] }, async () => {
    const order = await paidOrder({ email: "race@example.com" });
    const answers = await Promise.all(Array.from({ length: 6 }, () => setStatus(order.orderNumber, { status: "in_production" })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const db = await testDb();
    expect(await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).toHaveLength(1);
    expect(await mailsTo("race@example.com")).toHaveLength(1);
    // Cancel and production racing: exactly one of them wins.
    const other = await paidOrder();
    const [a, b] = await Promise.all([
      setStatus(other.orderNumber, { status: "in_production" }),
      setStatus(other.orderNumber, { status: "cancelled" }),
    ]);
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
  });

  it("X-OPS-4 X-ORD-1: a partly refunded order carries on from its step; once made it cannot be cancelled", async () => {
    const order = await paidOrder();
    await setStatus(order.orderNumber, { status: "in_production" });
    expect((await refund(order.orderNumber, { amountPence: 500 })).status).toBe(201);
    expect((await setStatus(order.orderNumber, { status: "delivered" })).status).toBe(409);
    expect((await setStatus(order.orderNumber, { status: "cancelled" })).status).toBe(409);
    // Asking for the step it is at changes nothing.
    expect((await setStatus(order.orderNumber, { status: "in_production" })).status).toBe(200);
    const sent = await setStatus(order.orderNumber, { status: "dispatched", carrier: "DPD", trackingNumber: "1" });
    expect(await sent.json()).toMatchObject({
      status: "partly_refunded",
      payment_status: "partly_refunded",
      fulfilment_status: "dispatched",
    });
    // Not yet made, a partly refunded order can still be cancelled (and the rest refunded).
    const unmade = await paidOrder();
    expect((await refund(unmade.orderNumber, { amountPence: 500 })).status).toBe(201);
    const cancelled = await setStatus(unmade.orderNumber, { status: "cancelled" });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      status: "cancelled",
      payment_status: "partly_refunded",
      fulfilment_status: "cancelled",
    });
  });

  it("X-OPS-4: /tracking shows the status and, once dispatched, the carrier and tracking number", async () => {
    const order = await paidOrder({ email: "track@example.com" });
    await setStatus(order.orderNumber, { status: "in_production" });
    const look = async () => {
      const form = new URLSearchParams({ order: order.orderNumber, email: "track@example.com" });
      const response = await call(tracking, "/tracking", { method: "POST", body: form, headers: { "x-client-address": "10.0.0.1" } });
      return ((await response.json()) as { result: Json }).result;
    };
    expect(await look()).toMatchObject({ statusCode: "in_production", status: "In production: being made for you", trackingNumber: null });
    await setStatus(order.orderNumber, { status: "dispatched", carrier: "DPD", trackingNumber: "15501234567" });
    expect(await look()).toMatchObject({ statusCode: "dispatched", status: "Dispatched", carrier: "DPD", trackingNumber: "15501234567" });
  });
});

describe("X-OPS-4: refunds", () => {
  it("X-OPS-4: full by default, partial allowed, never more than is left; recorded by the sandbox and e-mailed", async () => {
    const order = await paidOrder({ email: "refund@example.com" });
    let response = await refund(order.orderNumber, { amountPence: 1000 });
    expect(response.status).toBe(201);
    const first = (await response.json()) as Json;
    expect(first).toMatchObject({ amount_pence: 1000, status: "succeeded", provider: "sandbox", order_status: "partly_refunded", refunded_pence: 1000 });
    expect(String(first.provider_reference)).toMatch(/^sandbox_re_/);
    expect((await refund(order.orderNumber, { amountPence: order.totalPence })).status).toBe(409);
    expect((await refund(order.orderNumber, { amountPence: 0 })).status).toBe(400);
    expect((await refund(order.orderNumber, { amountPence: 12.5 })).status).toBe(400);
    expect((await refund(order.orderNumber, { amountPence: "100" })).status).toBe(400);
    response = await refund(order.orderNumber, {});
    expect(await response.json()).toMatchObject({ amount_pence: order.totalPence - 1000, order_status: "refunded", remaining_pence: 0 });
    response = await refund(order.orderNumber, { amountPence: 1 });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: "This order has nothing left to refund." });
    const mails = await mailsTo("refund@example.com");
    expect(mails.filter((m) => m.includes("We have refunded £10.00"))).toHaveLength(1);
    expect(mails).toHaveLength(2);
    // Not paid: nothing to refund.
    const pending = await paidOrder();
    await forceStatus(pending.id, "pending");
    expect((await refund(pending.orderNumber, {})).status).toBe(409);
  });

  it("X-OPS-4: refunds racing never give back more than was paid", { tags: ["race"] }, async () => {
    const order = await paidOrder();
    const share = Math.ceil(order.totalPence * 0.6);
    const two = await Promise.all([refund(order.orderNumber, { amountPence: share }), refund(order.orderNumber, { amountPence: share })]);
    expect(two.map((r) => r.status).sort()).toEqual([201, 409]);

    const other = await paidOrder();
    const piece = Math.floor(other.totalPence / 7);
    const many = await Promise.all(Array.from({ length: 10 }, () => refund(other.orderNumber, { amountPence: piece })));
    expect(many.filter((r) => r.status === 201)).toHaveLength(7);
    expect(many.filter((r) => r.status === 409)).toHaveLength(3);
    const db = await testDb();
    const [after] = await db.select().from(orders).where(eq(orders.id, other.id));
    const succeeded = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, other.id));
    expect(after!.refundedPence).toBe(piece * 7);
    expect(succeeded.reduce((sum, r) => sum + r.amountPence, 0)).toBe(piece * 7);
    expect(after!.refundedPence).toBeLessThanOrEqual(after!.totalPence);
  });
});

describe("X-OPS-3: the order page", () => {
  it("X-OPS-3: shows everything and takes notes, status changes and refunds through the same functions", async () => {
    const order = await paidOrder();
    const params = { orderNumber: order.orderNumber };
    const page = (await (await call(orderPage, `/admin/orders/${order.orderNumber}`, { headers: { cookie } }, params)).json()) as Json;
    expect(page).toMatchObject({ order: { orderNumber: order.orderNumber, cardLast4: "4242", discountCode: "SAVE10" } });
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return call(orderPageAction, `/admin/orders/${order.orderNumber}`, { method: "POST", body: form, headers: { cookie } }, params);
    };
    let response = await post({ intent: "note", note: "Customer asked for gold thread." });
    expect(response.status).toBe(302);
    response = await post({ intent: "status", status: "delivered" });
    expect(response.status).toBe(409);
    expect(((await response.json()) as Json).error).toMatch(/cannot be changed to delivered/);
    response = await post({ intent: "refund", amount: "12.5", confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(decodeURIComponent(response.headers.get("location")!)).toContain("Refunded £12.50.");
    response = await post({ intent: "refund", amount: "twelve" });
    expect(response.status).toBe(400);
    const db = await testDb();
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.refundedPence).toBe(1250);
    const notes = await db.select().from(orderEvents).where(eq(orderEvents.kind, "note"));
    expect(notes[0]).toMatchObject({ actor: OWNER.email, note: "Customer asked for gold thread." });
  });
});

describe("X-OPS-4: bad input gets a message and a 4xx", () => {
  it("X-OPS-4: NUL bytes, odd order numbers and wrong types never reach the database as errors", async () => {
    const order = await paidOrder();
    expect((await setStatus("%\u0000x", { status: "in_production" })).status).toBe(404);
    expect((await refund("%\u0000x", {})).status).toBe(404);
    const nul = await setStatus(order.orderNumber, { status: "dispatched", carrier: "R\u0000M", trackingNumber: "1" });
    expect(nul.status).toBe(400);
    expect((await setStatus(order.orderNumber, { status: ["paid"] })).status).toBe(400);
    expect((await setStatus(order.orderNumber, "in_production")).status).toBe(400);
    const list = await call(ordersApi, "/api/admin/orders?q=%00&status=%00", { headers: { cookie } });
    expect(list.status).toBe(200);
    const detail = await call(orderApi, "/api/admin/orders/x", { headers: { cookie } }, { orderNumber: "%\u0000" });
    expect(detail.status).toBe(404);
    const form = new FormData();
    form.set("intent", "note");
    form.set("note", "a\u0000b");
    const note = await call(orderPageAction, `/admin/orders/${order.orderNumber}`, { method: "POST", body: form, headers: { cookie } }, { orderNumber: order.orderNumber });
    expect(note.status).toBe(400);
  });
});

describe("X-OPS-6: CSV export", () => {
  it("X-OPS-6, X-DAY-6: one row per line with the list's filters, pounds to the penny, formula cells neutralised, audited; BOM, UK dates, delivery, address, code, refunds, tracking", async () => {
    const a = await paidOrder({ firstName: "@Evil", lastName: "Name", email: "csv@example.com" });
    const b = await paidOrder({ firstName: "Other" });
    await forceStatus(b.id, "in_production");
    const response = await call(exportCsv, "/admin/orders/export.csv?status=paid", { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // X-DAY-6: a byte-order mark (a spreadsheet then reads UTF-8), UK local dates, the new columns.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toBe(
      "order_number,date,status,customer_name,customer_email,product,option,size,belt_rank,colour,custom_text,quantity,unit_price,line_total,order_subtotal,order_shipping,order_discount,order_total,order_refunded,shipping_method,delivery_address,discount_code,carrier,tracking_number,payment_status,fulfilment_status,team,print_name,team_name",
    );
    expect(rows[1]).toBe(
      `${a.orderNumber},${ukDateTimeCell(a.createdAt)},paid,'@Evil Name,csv@example.com,Mens Grip Truth BJJ Gi,Gi,A2,,,'=SILVA,1,94.99,94.99,120.97,11.97,12.10,120.84,0.00,UK standard (2-5 working days),"'@Evil Name, 1 Beach Road, Redcar, TS10 1AA, United Kingdom",SAVE10,,,paid,unfulfilled,,,`,
    );
    expect(rows[2]).toContain(",Water Bottle,Standard,N/A,,,,2,12.99,25.98,");
    const db = await testDb();
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "orders.export"));
    expect(audit).toMatchObject({ actor: OWNER.email, after: { status: "paid", rows: 2 } });
  });
});
