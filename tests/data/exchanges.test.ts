import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop, useOtherProcessDb } from "./shop";
import {
  exchangeFulfilments,
  orderLines,
  orders,
  returnRequestLines,
  variantStock,
} from "~/db/schema";
import type { Database } from "~/db/client.server";
import {
  createReturnRequest,
  findReturnableOrder,
  listReturnRequests,
} from "~/returns/requests.server";
import { dispatchExchange, exchangeSizesNow, receiveReturn } from "~/flows/returns/exchanges.server";
import { orderPageAction } from "~/flows/back-office/order-page-actions.server";
import { mailOutbox } from "~/db/schema";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";
import { action as returnsPage } from "~/routes/returns-request";
import { orderDetail } from "~/flows/back-office/back-office.server";
import { orderJson } from "~/flows/back-office/back-office-json";
import { dashboardSummary } from "~/flows/back-office/summary.server";
import { call, decodeMail, outbox, postJson, paymentForm } from "./helpers";
import { legacyStatus } from "~/orders/status";

const EMAIL = "ana@example.com";
const SHORTS = { productId: "mens-england-no-gi-set", optionType: "Shorts", color: "" };
const shortsM = { productId: SHORTS.productId, optionType: SHORTS.optionType, size: "M", quantity: 1 };
const ago = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** A paid, delivered order of one pair of shorts in M. */
async function deliveredOrder(email = EMAIL) {
  const response = await call(createSession, "/api/create-checkout-session", postJson({ cartItems: [shortsM] }));
  const { sessionId } = (await response.json()) as { sessionId: string };
  await call(pay, `/payment?session_id=${sessionId}`, {
    method: "POST",
    body: paymentForm({ email, postcode: "TS10 1AA" }),
  });
  const db = await testDb();
  const [order] = await db
    .update(orders)
    .set({ dispatchedAt: ago(3), deliveredAt: ago(1) })
    .where(eq(orders.paymentSessionId, sessionId))
    .returning();
  expect(legacyStatus(order!)).toBe("paid");
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  return { order: order!, line: line! };
}

async function setStock(size: string, quantity: number | null) {
  const db = await testDb();
  await db
    .insert(variantStock)
    .values({ ...SHORTS, size, quantity })
    .onConflictDoUpdate({
      target: [variantStock.productId, variantStock.optionType, variantStock.size, variantStock.color],
      set: { quantity },
    });
}

async function stockOf(size: string) {
  const db = await testDb();
  const [row] = await db
    .select({ quantity: variantStock.quantity })
    .from(variantStock)
    .where(
      and(
        eq(variantStock.productId, SHORTS.productId),
        eq(variantStock.optionType, SHORTS.optionType),
        eq(variantStock.size, size),
      ),
    );
  return row?.quantity;
}

async function askForL(order: { orderNumber: string }, lineId: string, email = EMAIL) {
  const created = await createReturnRequest(
    await testDb(),
    { orderNumber: order.orderNumber, email, lineIds: [lineId], reason: "Too small", exchanges: { [lineId]: "L" } },
    theShop().settings,
    new Date(),
    await exchangeSizesNow(await testDb(), new Date()),
  );
  expect(created.ok).toBe(true);
  return created.ok ? created.request.id : "";
}

describe("X-FIT-2: exchange for another size", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
    await db.delete(variantStock).where(eq(variantStock.productId, SHORTS.productId));
  });

  it("X-FIT-2: the request offers the other sizes, in stock or made to order; a sold-out size is not offered", async () => {
    await setStock("L", 1);
    await setStock("XL", 0);
    const { order, line } = await deliveredOrder();
    const found = await findReturnableOrder(await testDb(), { orderNumber: order.orderNumber, email: EMAIL }, new Date(), await exchangeSizesNow(await testDb(), new Date()));
    expect(found.ok).toBe(true);
    const sizes = found.ok ? found.view.lines.find((l) => l.id === line.id)!.exchangeSizes : [];
    expect(sizes).toContainEqual({ size: "L", madeToOrder: false });
    expect(sizes).toContainEqual({ size: "S", madeToOrder: true });
    expect(sizes.map((s) => s.size)).not.toContain("XL");
    expect(sizes.map((s) => s.size)).not.toContain("M");

    const soldOut = await createReturnRequest(
      await testDb(),
      { orderNumber: order.orderNumber, email: EMAIL, lineIds: [line.id], reason: "Too small", exchanges: { [line.id]: "XL" } },
      theShop().settings,
      new Date(),
      await exchangeSizesNow(await testDb(), new Date()),
    );
    expect(soldOut).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("size XL cannot be had now") });
  });

  it("X-FIT-2: M for L with L in stock reserves L, makes a fulfilment to ship, keeps the money and e-mails the buyer", async () => {
    await setStock("L", 1);
    const { order, line } = await deliveredOrder();
    const requestId = await askForL(order, line.id);
    const db = await testDb();
    expect(await db.select().from(returnRequestLines)).toMatchObject([{ orderLineId: line.id, exchangeSize: "L" }]);
    const acknowledged = decodeMail((await outbox()).at(-1)!.text);
    expect(acknowledged).toContain("exchange for size L");

    const before = (await outbox()).length;
    expect(await receiveReturn(db, requestId, "owner@example.com", new Date())).toMatchObject({ ok: true });
    expect(await stockOf("L")).toBe(0);
    expect(await db.select().from(exchangeFulfilments)).toMatchObject([
      { orderId: order.id, orderLineId: line.id, size: "L", quantity: 1, status: "to_ship", fromStock: true },
    ]);
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({
      totalPence: order.totalPence,
      paymentStatus: order.paymentStatus,
      refundedPence: order.refundedPence,
    });
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeMail(mails.at(-1)!.text);
    expect(mail).toContain(`To: ${EMAIL}`);
    expect(mail).toContain("put size L aside for you from stock");
    expect(mail).toContain("nothing more to pay");

    // The owner sees it; nothing to refund for an exchanged line.
    const [listed] = await listReturnRequests(db, { orderNumber: order.orderNumber });
    expect(listed).toMatchObject({ linesValuePence: 0, lines: [{ exchange: { size: "L", status: "to_ship" } }] });

    // The order's JSON shows the exchange fulfilment beside the unchanged money.
    const detail = await orderDetail(db, order.orderNumber, theShop().clock.now());
    expect(orderJson(detail!.order, detail!)).toMatchObject({
      total_pence: order.totalPence,
      exchange_fulfilments: [{ size: "L", quantity: 1, status: "to_ship", from_stock: true }],
    });

    // Marking received twice does not take a second L.
    expect(await receiveReturn(db, requestId, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "already_done" });
    expect(await db.select().from(exchangeFulfilments)).toHaveLength(1);
  });

  it("X-FIT-2: a made-to-order size becomes a fulfilment to make", async () => {
    const { order, line } = await deliveredOrder();
    const requestId = await askForL(order, line.id);
    const db = await testDb();
    await receiveReturn(db, requestId, "owner@example.com", new Date());
    expect(await db.select().from(exchangeFulfilments)).toMatchObject([{ size: "L", status: "to_make", fromStock: false }]);
    expect(decodeMail((await outbox()).at(-1)!.text)).toContain("Size L is made to order");
  });

  it("X-FIT-2: L gone between request and receipt: refunded instead, said plainly to the owner and the buyer", async () => {
    await setStock("L", 1);
    const { order, line } = await deliveredOrder();
    const requestId = await askForL(order, line.id);
    await setStock("L", 0);
    const db = await testDb();
    expect(await receiveReturn(db, requestId, "owner@example.com", new Date())).toMatchObject({ ok: true });
    expect(await stockOf("L")).toBe(0);
    expect(await db.select().from(exchangeFulfilments)).toMatchObject([{ size: "L", status: "refund", fromStock: false }]);
    const mail = decodeMail((await outbox()).at(-1)!.text);
    expect(mail).toContain("size L sold out before your parcel reached us");
    expect(mail).toContain("We will refund you instead");
    const [listed] = await listReturnRequests(db, { orderNumber: order.orderNumber });
    expect(listed).toMatchObject({
      linesValuePence: line.unitPricePence,
      lines: [{ exchange: { size: "L", status: "refund" } }],
    });
  });

  it("X-FIT-2: the request page form (no JavaScript) takes a size per line", async () => {
    await setStock("L", 1);
    const { order, line } = await deliveredOrder();
    const form = new FormData();
    form.append("intent", "request");
    form.append("orderNumber", order.orderNumber);
    form.append("email", EMAIL);
    form.append("lineId", line.id);
    form.append(`exchange-${line.id}`, "L");
    form.append("reason", "Too small");
    const response = await call(returnsPage, "/returns/request", { method: "POST", body: form });
    expect(response.status).toBe(201);
    const db = await testDb();
    expect(await db.select().from(returnRequestLines)).toMatchObject([{ orderLineId: line.id, exchangeSize: "L" }]);
  });
});

describe("X-FIT-2: two exchanges racing for the last L", () => {
  const otherDb = useOtherProcessDb();
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
    await db.delete(variantStock).where(eq(variantStock.productId, SHORTS.productId));
  });

  it("X-FIT-2: exactly one gets the last L, the other is refunded", { tags: ["race"] }, async () => {
    await setStock("L", 2);
    const first = await deliveredOrder("ana@example.com");
    const second = await deliveredOrder("ben@example.com");
    const a = await askForL(first.order, first.line.id, "ana@example.com");
    const b = await askForL(second.order, second.line.id, "ben@example.com");
    await setStock("L", 1);
    const dbs: Database[] = [await testDb(), await otherDb()];
    const results = await Promise.all([
      receiveReturn(dbs[0]!, a, "owner@example.com", new Date()),
      receiveReturn(dbs[1]!, b, "owner2@example.com", new Date()),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(await stockOf("L")).toBe(0);
    const rows = await (await testDb()).select().from(exchangeFulfilments);
    expect(rows.map((row) => row.status).sort()).toEqual(["refund", "to_ship"]);
  });
});

describe("X-FIT-2: the replacement is dispatched", () => {
  const otherDb = useOtherProcessDb();
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
    await db.delete(variantStock).where(eq(variantStock.productId, SHORTS.productId));
  });

  it("X-FIT-2: with its own carrier and tracking number; two presses at once e-mail the buyer once, the next is 409", { tags: ["race"] }, async () => {
    await setStock("L", 1);
    const { order, line } = await deliveredOrder();
    const db = await testDb();
    await receiveReturn(db, await askForL(order, line.id), "owner@example.com", new Date());
    const [exchange] = await db.select().from(exchangeFulfilments);
    expect(exchange?.status).toBe("to_ship");

    // A carrier not on the list, or no tracking number: 400 with a sentence, nothing changes.
    expect(await dispatchExchange(db, order.orderNumber, exchange!.id, { carrier: "Pigeon", trackingNumber: "X1" }, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "invalid_input", message: expect.stringContaining("Choose the carrier from the list") });
    expect(await dispatchExchange(db, order.orderNumber, exchange!.id, { carrier: "Royal Mail" }, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "invalid_input" });
    // Another order's number, or an id that is not one: not found.
    expect(await dispatchExchange(db, "GT-99999", exchange!.id, { carrier: "Royal Mail", trackingNumber: "RM1" }, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "not_found" });
    expect(await dispatchExchange(db, order.orderNumber, "nope", { carrier: "Royal Mail", trackingNumber: "RM1" }, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "not_found" });

    const sentBefore = (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-dispatched"))).length;
    const input = { carrier: "Royal Mail", trackingNumber: "RM555666777GB" };
    const results = await Promise.all([
      dispatchExchange(db, order.orderNumber, exchange!.id, input, "owner@example.com", new Date()),
      dispatchExchange(await otherDb(), order.orderNumber, exchange!.id, input, "owner2@example.com", new Date()),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ kind: "conflict", message: "This exchange has already been dispatched." });
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order-dispatched"));
    expect(told.length).toBe(sentBefore + 1);
    const mail = told.at(-1)!;
    expect(mail.to).toBe(EMAIL);
    expect(mail.text).toContain("Tracking number: RM555666777GB");
    expect(mail.text).toContain("size L: your exchange for size M");

    // The order's JSON shows the parcel; the order itself is untouched.
    const detail = await orderDetail(db, order.orderNumber, theShop().clock.now());
    expect(orderJson(detail!.order, detail!)).toMatchObject({
      total_pence: order.totalPence,
      exchange_fulfilments: [{ size: "L", status: "dispatched", carrier: "Royal Mail", tracking_number: "RM555666777GB" }],
    });
    expect(detail!.order.trackingNumber).not.toBe("RM555666777GB");
  });

  it("X-FIT-2: the order page's form (no JavaScript) dispatches a made-to-order exchange; a refunded one cannot be", async () => {
    const { order, line } = await deliveredOrder();
    const db = await testDb();
    await receiveReturn(db, await askForL(order, line.id), "owner@example.com", new Date());
    const [exchange] = await db.select().from(exchangeFulfilments);
    expect(exchange?.status).toBe("to_make");
    const form = new FormData();
    form.set("intent", "exchange-dispatch");
    form.set("exchangeId", exchange!.id);
    form.set("carrier", "DPD");
    form.set("trackingNumber", "15501234567890");
    const owner = { email: "owner@example.com" } as Parameters<typeof orderPageAction>[3];
    const done = await orderPageAction(db, form, order.orderNumber, owner, theShop());
    expect(done).toMatchObject({ ok: true, data: { notice: "Exchange in size L dispatched; the customer has been e-mailed." } });
    const again = await orderPageAction(db, form, order.orderNumber, owner, theShop());
    expect(again).toMatchObject({ ok: false, kind: "conflict" });

    await db.update(exchangeFulfilments).set({ status: "refund" }).where(eq(exchangeFulfilments.id, exchange!.id));
    expect(await dispatchExchange(db, order.orderNumber, exchange!.id, { carrier: "DPD", trackingNumber: "1" }, "owner@example.com", new Date())).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("it is refunded, not sent") });
  });

  it("X-DAY-10: an exchange stays in view until its replacement is sent: To ship, open returns, no refund form, e-mails of the replacement with the seller's contact", async () => {
    await setStock("L", 1);
    const { order, line } = await deliveredOrder("swap@example.com");
    const db = await testDb();
    const base = await dashboardSummary(db, 30, new Date());
    const requestId = await askForL(order, line.id, "swap@example.com");
    const acknowledged = (await outbox()).map((m) => decodeMail(m.text)).filter((m) => m.includes("To: swap@example.com")).at(-1)!;
    // Asked for another size: the replacement, not a card refund.
    expect(acknowledged).toContain("send you size L of the");
    expect(acknowledged).not.toMatch(/refund your original payment method within/);

    await receiveReturn(db, requestId, "owner@example.com", new Date());
    const waiting = await dashboardSummary(db, 30, new Date());
    expect(waiting.summary.toShip).toBe(base.summary.toShip + 1);
    expect(waiting.summary.openReturns).toBe(base.summary.openReturns + 1);
    const [received] = await listReturnRequests(db, { orderNumber: order.orderNumber });
    expect(received).toMatchObject({ status: "received" });
    // The returns card: nothing to refund, the next step said (ReturnActions reads the same lines).
    expect(received!.lines.every((l) => l.exchange && l.exchange.status !== "refund")).toBe(true);
    const decided = (await outbox()).map((m) => decodeMail(m.text)).filter((m) => m.includes("Your exchange to size L")).at(-1)!;
    // Signed off with the seller's name and contact line from the settings (the demo seller here).
    expect(decided).toContain("write to hello@griptruth.co.uk with your order number");
    expect(decided).toMatch(/GRIP TRUTH Ltd\r?\nGRIP TRUTH: /);

    const [exchange] = await db.select().from(exchangeFulfilments).where(eq(exchangeFulfilments.orderId, order.id));
    expect(await dispatchExchange(db, order.orderNumber, exchange!.id, { carrier: "DPD", trackingNumber: "15501234567" }, "owner@example.com", new Date())).toMatchObject({ ok: true });
    const sent = await dashboardSummary(db, 30, new Date());
    expect(sent.summary.toShip).toBe(base.summary.toShip);
    expect(sent.summary.openReturns).toBe(base.summary.openReturns);
  });
});
