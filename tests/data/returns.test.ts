import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop } from "./shop";
import { orderLines, orders, returnRequestLines, returnRequests } from "~/db/schema";
import {
  createReturnRequest,
  findReturnableOrder,
  listReturnRequests,
  markReturnReceived,
} from "~/returns/requests.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";
import { action as returnsPage } from "~/routes/returns-request";
import { call, decodeMail, outbox, postJson, paymentForm } from "./helpers";
import { statusOf } from "~/security/edge.server";
import { legacyStatus } from "~/orders/status";

const DAY = 24 * 60 * 60 * 1000;
const gi = {
  productId: "kids-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "M2",
  quantity: 1,
  customText: "MAYA",
  nameCustomisation: true,
};
const shorts = { productId: "mens-england-no-gi-set", optionType: "Shorts", size: "M", quantity: 2 };
const EMAIL = "ana@example.com";

/** A paid order (a personalised gi and two shorts), dispatched/delivered as given. */
async function paidOrder(times: { dispatchedAt?: Date | null; deliveredAt?: Date | null } = {}) {
  const response = await call(
    createSession,
    "/api/create-checkout-session",
    postJson({ cartItems: [gi, shorts] }),
  );
  const { sessionId } = (await response.json()) as { sessionId: string };
  await call(pay, `/payment?session_id=${sessionId}`, {
    method: "POST",
    body: paymentForm({ email: EMAIL, postcode: "TS10 1AA" }),
  });
  const db = await testDb();
  const [order] = await db
    .update(orders)
    .set({ dispatchedAt: times.dispatchedAt ?? null, deliveredAt: times.deliveredAt ?? null })
    .where(eq(orders.paymentSessionId, sessionId))
    .returning();
  expect(legacyStatus(order!)).toBe("paid");
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order!.id))
    .orderBy(orderLines.position);
  return { order: order!, giLine: lines[0]!, shortsLine: lines[1]! };
}

const ago = (days: number) => new Date(Date.now() - days * DAY);

describe("X-UK-5: returns requests on the server", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  it("X-UK-5: a dispatched order's non-personalised lines can be requested; personalised lines are shown with the reason", async () => {
    const db = await testDb();
    const { order, giLine, shortsLine } = await paidOrder({ dispatchedAt: ago(3) });
    const found = await findReturnableOrder(db, { orderNumber: order.orderNumber.toLowerCase(), email: "ANA@example.com" }, new Date());
    expect(found).toMatchObject({
      ok: true,
      view: {
        orderNumber: order.orderNumber,
        countedFrom: "dispatch",
        lines: [
          { id: giLine.id, refusal: "Personalised: made for you, so it cannot be returned unless faulty" },
          { id: shortsLine.id, refusal: null, quantity: 2 },
        ],
      },
    });

    const before = (await outbox()).length;
    const created = await createReturnRequest(db, {
      orderNumber: order.orderNumber,
      email: EMAIL,
      lineIds: [shortsLine.id],
      reason: "Too small",
    }, theShop().settings, new Date());
    expect(created).toMatchObject({ ok: true, request: { orderNumber: order.orderNumber, reason: "Too small" } });
    const stored = await db.select().from(returnRequests);
    expect(stored).toMatchObject([{ orderId: order.id, reason: "Too small", status: "requested" }]);
    expect(await db.select().from(returnRequestLines)).toMatchObject([
      { returnRequestId: stored[0]!.id, orderLineId: shortsLine.id, quantity: 2 },
    ]);

    // Acknowledged by e-mail, with what to do next.
    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeMail(mails.at(-1)!.text);
    const reference = created.ok ? created.request.reference : "";
    expect(mail).toContain(`To: ${EMAIL}`);
    expect(mail).toContain(`We have your return request ${reference} for order ${order.orderNumber}.`);
    expect(mail).toContain("2 × Mens England No-Gi Set (Shorts · Size: M)");
    expect(mail).toContain("What to do next:");
    expect(mail).toContain("Returns address:");
    expect(mail).toContain("Middlesbrough");

    // The line is now refused with its reason, and cannot be requested again.
    const again = await findReturnableOrder(db, { orderNumber: order.orderNumber, email: EMAIL }, new Date());
    expect(again.ok && again.view.lines[1]?.refusal).toBe("A return has already been requested for this item.");
    const twice = await createReturnRequest(db, {
      orderNumber: order.orderNumber,
      email: EMAIL,
      lineIds: [shortsLine.id],
      reason: "Still too small",
    }, theShop().settings, new Date());
    expect(twice).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("already been requested") });
  });

  it("X-UK-5: a personalised line is refused with the reason and nothing is stored", async () => {
    const db = await testDb();
    const { order, giLine, shortsLine } = await paidOrder({ deliveredAt: ago(1), dispatchedAt: ago(3) });
    const result = await createReturnRequest(db, {
      orderNumber: order.orderNumber,
      email: EMAIL,
      lineIds: [shortsLine.id, giLine.id],
      reason: "Changed my mind",
    }, theShop().settings, new Date());
    expect(result).toEqual({
      ok: false,
      kind: "conflict",
      message: "Kids Grip Truth BJJ Gi: Personalised: made for you, so it cannot be returned unless faulty",
    });
    expect(await db.select().from(returnRequests)).toHaveLength(0);
  });

  it("X-UK-5 X-TRUE-2: not-yet-dispatched and late orders are refused with the reason", async () => {
    const db = await testDb();
    const notDispatched = await paidOrder();
    const refused = await findReturnableOrder(db, { orderNumber: notDispatched.order.orderNumber, email: EMAIL }, new Date());
    expect(refused).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("has not been dispatched yet") });
    const create = await createReturnRequest(db, {
      orderNumber: notDispatched.order.orderNumber,
      email: EMAIL,
      lineIds: [notDispatched.shortsLine.id],
      reason: "x",
    }, theShop().settings, new Date());
    expect(create).toMatchObject({ ok: false, kind: "conflict" });

    const lateDelivered = await paidOrder({ dispatchedAt: ago(36), deliveredAt: ago(31) });
    expect(
      await findReturnableOrder(db, { orderNumber: lateDelivered.order.orderNumber, email: EMAIL }, new Date()),
    ).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("(30 days after delivery)") });

    // X-TRUE-2, X-OWN-5: with no delivery date, dispatch plus UK standard's 5 working days (at
    // most 9 calendar days) plus the default 30: 31 days after dispatch is still open, 40 is not.
    const stillOpen = await paidOrder({ dispatchedAt: ago(31) });
    expect(
      await findReturnableOrder(db, { orderNumber: stillOpen.order.orderNumber, email: EMAIL }, new Date()),
    ).toMatchObject({ ok: true });
    const lateDispatched = await paidOrder({ dispatchedAt: ago(40) });
    expect(
      await findReturnableOrder(db, { orderNumber: lateDispatched.order.orderNumber, email: EMAIL }, new Date()),
    ).toMatchObject({ ok: false, kind: "conflict", message: expect.stringContaining("(30 days after dispatch plus the delivery time)") });

    // Dispatched long ago but delivered recently: the 30 days run from delivery.
    const delivered = await paidOrder({ dispatchedAt: ago(45), deliveredAt: ago(10) });
    expect(
      await findReturnableOrder(db, { orderNumber: delivered.order.orderNumber, email: EMAIL }, new Date()),
    ).toMatchObject({ ok: true, view: { countedFrom: "delivery" } });
    expect(await db.select().from(returnRequests)).toHaveLength(0);
  });

  it("X-UK-5 X-SHOP-4: bad input gets a 4xx with a clear message", async () => {
    const db = await testDb();
    const { order, shortsLine } = await paidOrder({ dispatchedAt: ago(1) });
    const base = { orderNumber: order.orderNumber, email: EMAIL, lineIds: [shortsLine.id], reason: "Too big" };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, email: "someone@example.com" }, 404, /couldn't find an order/],
      [{ ...base, orderNumber: "GT-99999" }, 404, /couldn't find an order/],
      [{ ...base, lineIds: [] }, 400, /Tick at least one item/],
      [{ ...base, lineIds: ["00000000-0000-4000-8000-000000000000"] }, 400, /not part of this order/],
      [{ ...base, lineIds: ["not-a-uuid"] }, 400, /not part of this order/],
      [{ ...base, reason: "   " }, 400, /tell us why/],
      [{ ...base, reason: "x".repeat(1001) }, 400, /1000 characters/],
      [{ ...base, orderNumber: "" }, 400, /order number/],
    ];
    for (const [input, status, message] of cases) {
      const result = await createReturnRequest(db, input, theShop().settings, new Date());
      expect(result, JSON.stringify(input).slice(0, 80)).toMatchObject({ ok: false });
      expect(result.ok ? 200 : statusOf(result)).toBe(status);
      expect(result.ok ? "" : result.message).toMatch(message);
    }
    expect(await db.select().from(returnRequests)).toHaveLength(0);
  });

  it("X-UK-5: ten requests for the same line at once store exactly one", { tags: ["race"] }, async () => {
    const db = await testDb();
    const { order, shortsLine } = await paidOrder({ dispatchedAt: ago(1) });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        createReturnRequest(db, {
          orderNumber: order.orderNumber,
          email: EMAIL,
          lineIds: [shortsLine.id],
          reason: `Attempt ${i}`,
        }, theShop().settings, new Date()),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const refused of results.filter((r) => !r.ok)) {
      expect(refused).toMatchObject({ kind: "conflict", message: expect.stringContaining("already been requested") });
    }
    expect(await db.select().from(returnRequests)).toHaveLength(1);
    expect(await db.select().from(returnRequestLines)).toHaveLength(1);
  });

  it("X-UK-5: listed for the owner (all, and on the order); marked received once, even when marked twice at once", { tags: ["race"] }, async () => {
    const db = await testDb();
    const first = await paidOrder({ dispatchedAt: ago(2) });
    const second = await paidOrder({ dispatchedAt: ago(2) });
    for (const { order, shortsLine } of [first, second]) {
      const created = await createReturnRequest(db, {
        orderNumber: order.orderNumber,
        email: EMAIL,
        lineIds: [shortsLine.id],
        reason: `Return of ${order.orderNumber}`,
      }, theShop().settings, new Date());
      expect(created.ok).toBe(true);
    }
    const all = await listReturnRequests(db);
    expect(all.map((r) => r.orderNumber)).toEqual([second.order.orderNumber, first.order.orderNumber]);
    expect(all[0]).toMatchObject({
      customerEmail: EMAIL,
      customerName: "Ana Silva",
      status: "requested",
      reference: expect.stringMatching(/^RR-[0-9A-F]{8}$/),
      lines: [{ productName: "Mens England No-Gi Set", quantity: 2, details: "Shorts · Size: M" }],
    });
    const onOrder = await listReturnRequests(db, { orderNumber: first.order.orderNumber });
    expect(onOrder).toHaveLength(1);

    const id = onOrder[0]!.id;
    const marks = await Promise.all([
      markReturnReceived(db, id, "owner@example.com"),
      markReturnReceived(db, id, "other@example.com"),
    ]);
    expect(marks.filter((m) => m.ok)).toHaveLength(1);
    expect(marks.find((m) => !m.ok)).toMatchObject({ kind: "already_done" });
    const [received] = await listReturnRequests(db, { status: "received" });
    expect(received).toMatchObject({ id, status: "received", receivedAt: expect.any(String) });
    expect(await markReturnReceived(db, "00000000-0000-4000-8000-000000000000", "o@e.com")).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect(await markReturnReceived(db, "nope", "o@e.com")).toMatchObject({ ok: false, kind: "not_found" });
  });
});

describe("X-UK-5: the /returns/request page", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  const post = (fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
    }
    return call(returnsPage, "/returns/request", { method: "POST", body: form, headers });
  };

  it("X-UK-5: find, then request: the form posts give the next step", async () => {
    const { order, shortsLine } = await paidOrder({ deliveredAt: ago(1), dispatchedAt: ago(2) });
    const find = await post({ intent: "find", orderNumber: order.orderNumber, email: EMAIL });
    expect(find.status).toBe(200);
    expect(await find.json()).toMatchObject({ step: "choose", view: { orderNumber: order.orderNumber } });

    const noReason = await post({
      intent: "request",
      orderNumber: order.orderNumber,
      email: EMAIL,
      lineId: [shortsLine.id],
      reason: "",
    });
    expect(noReason.status).toBe(400);
    expect(await noReason.json()).toMatchObject({ step: "choose", error: expect.stringContaining("tell us why") });

    const done = await post({
      intent: "request",
      orderNumber: order.orderNumber,
      email: EMAIL,
      lineId: [shortsLine.id],
      reason: "Wrong size",
    });
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ step: "done", reference: expect.stringMatching(/^RR-/) });

    const wrong = await post({ intent: "find", orderNumber: order.orderNumber, email: "x@example.com" });
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toMatchObject({ step: "find", error: expect.stringContaining("couldn't find") });

    const crossSite = await post(
      { intent: "find", orderNumber: order.orderNumber, email: EMAIL },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
  });
});
