import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, outbox, postJson, receiptOf } from "./helpers";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
// Types only: the modules themselves are loaded after the environment is set.
import type * as Db from "~/db/client.server";
import type * as Schema from "~/db/schema";
import type * as CreateSession from "~/routes/api.create-checkout-session";
import type * as Verify from "~/routes/api.verify-order";
import type * as Webhook from "~/routes/api.webhooks.stripe";
import type * as Payment from "~/routes/payment";
import { useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

// Configuration is read once per test file, so it is set before the app's modules load.
const WEBHOOK_SECRET = "whsec_test_secret";
let fake: FakeStripe;
let app: {
  pay: typeof Payment.action;
  createSession: typeof CreateSession.action;
  webhook: typeof Webhook.action;
  verify: typeof Verify.action;
  testDb: () => Promise<Db.Database>;
  orders: typeof Schema.orders;
};
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startFakeStripe();
  useTestSettings({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  app = {
    pay: (await import("~/routes/payment")).action,
    createSession: (await import("~/routes/api.create-checkout-session")).action,
    webhook: (await import("~/routes/api.webhooks.stripe")).action,
    verify: (await import("~/routes/api.verify-order")).action,
    testDb: (await import("./shop")).testDb,
    orders: (await import("~/db/schema")).orders,
  };
  // Opened (and migrated) here, within the hook's time, not inside the first test's.
  await app.testDb();
});

afterAll(async () => {
  await fake.close();
});

const gi = {
  productId: "mens-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "A2",
  quantity: 1,
  customText: "SILVA",
  nameCustomisation: true,
};

// Each checkout from a buyer of its own: an address holds at most 3 unpaid ones (X-SEC-11).
let buyer = 0;
const buyerAddress = () => ({ "x-client-address": `198.51.100.${(buyer++ % 250) + 1}` });

async function startCheckout() {
  const response = await call(
    app.createSession,
    "/api/create-checkout-session",
    postJson(
      { cartItems: [gi, { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 2 }], discountCode: "SAVE20" },
      buyerAddress(),
    ),
  );
  expect(response.status).toBe(200);
  // With the receipt cookie of the browser that opened it (X-SEC-20).
  return { ...((await response.json()) as { url: string; sessionId: string }), receipt: receiptOf(response) };
}

function completedEvent(
  sessionId: string,
  orderId: string | null,
  type = "checkout.session.completed",
  over: Record<string, unknown> = {},
) {
  const stored = fake.sessions.get(sessionId);
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: orderId,
        payment_status: "paid",
        payment_intent: "pi_test_123",
        amount_total: stored?.amount_total ?? 0,
        currency: "gbp",
        ...over,
        customer_details: { email: "kai@example.com", name: "Kai Brown", phone: "+447700900123" },
        collected_information: {
          shipping_details: {
            name: "Kai Brown",
            address: { line1: "2 Coast Road", line2: null, city: "Redcar", postal_code: "TS10 2AB", country: "GB" },
          },
        },
      },
    },
  });
}

function sendWebhook(payload: string, header?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (header !== undefined) headers["Stripe-Signature"] = header;
  return call(app.webhook, "/api/webhooks/stripe", { method: "POST", headers, body: payload });
}

const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });

async function orderFor(sessionId: string) {
  const { eq } = await import("drizzle-orm");
  const db = await app.testDb();
  const [order] = await db.select().from(app.orders).where(eq(app.orders.paymentSessionId, sessionId));
  return order;
}

describe("X-CHK-3: Stripe Checkout (against a local fake)", () => {
  it("creates a session with server-priced GBP lines, shipping, the discount and the order reference", async () => {
    const { url, sessionId } = await startCheckout();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const order = await orderFor(sessionId);
    expect(legacyStatus(order!)).toBe("pending");
    expect(order).toMatchObject({ paymentProvider: "stripe", subtotalPence: 8499 + 2598 });

    const coupon = fake.requests.find((r) => r.path === "/v1/coupons")!.params;
    expect(coupon.get("amount_off")).toBe(String(order!.discountPence));
    expect(order!.discountPence).toBe(Math.round((8499 + 2598) * 0.2));
    const params = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    expect(params.get("mode")).toBe("payment");
    expect(params.get("currency")).toBe("gbp");
    expect(params.get("client_reference_id")).toBe(order!.id);
    expect(params.get("line_items[0][price_data][unit_amount]")).toBe("8499");
    expect(params.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(params.get("line_items[0][price_data][product_data][name]")).toBe("Mens Grip Truth BJJ Gi");
    expect(params.get("line_items[1][price_data][unit_amount]")).toBe("1299");
    expect(params.get("line_items[1][quantity]")).toBe("2");
    // X-UK-1: £110.97 less 20% is £88.78, over £75: UK standard (the default) is free.
    expect(order!.shippingPence).toBe(0);
    expect(params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("0");
    expect(params.get("shipping_options[0][shipping_rate_data][display_name]")).toBe(
      "UK standard (2-5 working days)",
    );
    expect(params.getAll("shipping_address_collection[allowed_countries][0]")).toEqual(["GB"]);
    expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: order!.totalPence });
    expect(params.get("discounts[0][coupon]")).toMatch(/^coupon_/);
    // X-STK-4: the session ends when the order expires (Stripe's minimum is 30 minutes).
    const expiresAt = Number(params.get("expires_at"));
    expect(expiresAt).toBe(Math.floor(order!.expiresAt.getTime() / 1000));
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(30 * 60);
    expect(expiresAt - Date.now() / 1000).toBeLessThan(32 * 60);
    // From PUBLIC_URL (here unset: http://localhost:PORT), never from the request's Host (X-SEC-4).
    expect(params.get("success_url")).toBe(
      "http://localhost:3000/order-confirmation?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("X-UK-1: Stripe gets the chosen method's amount and only the countries it delivers to", async () => {
    const cases = [
      { shippingMethod: "uk-express", amount: 899, label: "UK express (1-2 working days)" },
      { shippingMethod: "international", amount: 1599, label: "International (7-14 working days)" },
    ];
    for (const { shippingMethod, amount, label } of cases) {
      const response = await call(
        app.createSession,
        "/api/create-checkout-session",
        postJson({ cartItems: [gi], shippingMethod }, buyerAddress()),
      );
      expect(response.status).toBe(200);
      const { sessionId } = (await response.json()) as { sessionId: string };
      const order = await orderFor(sessionId);
      expect(order).toMatchObject({ shippingMethod, shippingPence: amount, totalPence: 8499 + amount });
      const params = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
      expect(params.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe(String(amount));
      expect(params.get("shipping_options[0][shipping_rate_data][display_name]")).toBe(label);
      expect(params.get("metadata[shipping_method]")).toBe(shippingMethod);
      const countries = [...params.entries()]
        .filter(([key]) => key.startsWith("shipping_address_collection[allowed_countries]"))
        .map(([, value]) => value);
      if (shippingMethod === "international") {
        expect(countries).not.toContain("GB");
        expect(countries).toEqual(expect.arrayContaining(["IE", "FR", "US"]));
      } else {
        expect(countries).toEqual(["GB"]);
      }
      // The amount Stripe will charge is the stored order's total, to the penny.
      expect(fake.sessions.get(sessionId)).toMatchObject({ amount_total: order!.totalPence });
    }
  });

  it("X-CHK-2: duplicate and concurrent webhooks give one paid order and one e-mail", { tags: ["race"] }, async () => {
    const { sessionId } = await startCheckout();
    const order = await orderFor(sessionId);
    const before = (await outbox()).length;
    const payload = completedEvent(sessionId, order!.id);
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendWebhook(payload, sign(payload))));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // A later async-success event for the same session changes nothing.
    const late = completedEvent(sessionId, order!.id, "checkout.session.async_payment_succeeded");
    expect((await sendWebhook(late, sign(late))).status).toBe(200);

    expect(legacyStatus((await orderFor(sessionId))!)).toBe("paid");
    expect(await orderFor(sessionId)).toMatchObject({
      customerEmail: "kai@example.com",
      paymentReference: "pi_test_123",
      shippingAddress: { firstName: "Kai", lastName: "Brown", postcode: "TS10 2AB", city: "Redcar" },
    });
    expect((await outbox()).length).toBe(before + 1);
  });

  it("rejects forged, stale and missing signatures without changing the order", async () => {
    const { sessionId } = await startCheckout();
    const order = await orderFor(sessionId);
    const payload = completedEvent(sessionId, order!.id);
    expect((await sendWebhook(payload, sign(payload, "whsec_wrong"))).status).toBe(400);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await sendWebhook(payload, sign(payload, WEBHOOK_SECRET, tenMinutesAgo))).status).toBe(400);
    expect((await sendWebhook(payload)).status).toBe(400);
    const tampered = payload.replace("kai@example.com", "thief@example.com");
    expect((await sendWebhook(tampered, sign(payload))).status).toBe(400);
    expect(legacyStatus((await orderFor(sessionId))!)).toBe("pending");
  });

  it("X-CHK-4: verify-order retrieves the session when the webhook has not arrived yet", { tags: ["race"] }, async () => {
    const { sessionId, receipt } = await startCheckout();
    const verify = async () =>
      (await call(app.verify, "/api/verify-order", postJson({ sessionId }, { cookie: receipt }))).json() as Promise<{
        success: boolean;
        session: { status: string; amount_total: number };
      }>;
    expect(await verify()).toMatchObject({ success: false, session: { status: "pending" } });
    const session = fake.sessions.get(sessionId)!;
    Object.assign(session, {
      payment_status: "paid",
      status: "complete",
      customer_details: { email: "lee@example.com", name: "Lee Park", phone: null },
    });
    const before = (await outbox()).length;
    const [first, second] = await Promise.all([verify(), verify()]);
    expect(first).toMatchObject({ success: true, session: { status: "paid" } });
    expect(second).toMatchObject({ success: true });
    const order = await orderFor(sessionId);
    expect(first.session.amount_total).toBe(order!.totalPence);
    expect(order?.customerEmail).toBe("lee@example.com");
    expect((await outbox()).length).toBe(before + 1);
  });

  it("X-SEC-20 X-PE-2: after a Stripe payment without JavaScript the cart is emptied when the payment is settled (webhook or verify-order), once", async () => {
    const cartPage = (await import("~/routes/cart")).action;
    const checkoutPage = (await import("~/routes/checkout")).action;
    const cartApi = (await import("~/routes/api.cart")).loader;
    const add = async (cookie?: string) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "add", ...gi, quantity: "1" })) body.set(name, String(value));
      const response = await call(cartPage, "/cart", { method: "POST", body, headers: cookie ? { cookie } : {} });
      return /gt_cart=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? cookie!;
    };
    const linesOf = async (cookie: string) =>
      ((await (await call(cartApi, "/api/cart", { headers: { cookie } })).json()) as { lines: unknown[] }).lines.length;
    const pay = async (cookie: string) => {
      const body = new FormData();
      body.set("intent", "pay");
      body.set("shippingMethod", "uk-standard");
      const response = await call(checkoutPage, "/checkout", { method: "POST", body, headers: { cookie, ...buyerAddress() } });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get("location")!);
      expect(location.host).toBe("checkout.stripe.test"); // off to Stripe; this browser may never come back
      const sessionId = location.pathname.split("/").at(-1)!;
      return { sessionId, receipt: receiptOf(response) };
    };
    const { eq } = await import("drizzle-orm");
    const { carts } = await import("~/db/schema");
    const cartId = async (cookie: string) => cookie.split("=")[1]!;

    // By the webhook: the buyer closed the tab on Stripe's page and never returned.
    const cookie = await add();
    const { sessionId } = await pay(cookie);
    const order = await orderFor(sessionId);
    expect(order?.cartId).toBe(await cartId(cookie));
    expect(await linesOf(cookie)).toBe(1);
    const payload = completedEvent(sessionId, order!.id);
    expect((await sendWebhook(payload, sign(payload))).status).toBe(200);
    expect(legacyStatus((await orderFor(sessionId))!)).toBe("paid");
    expect(await linesOf(cookie)).toBe(0);
    // The buyer fills the cart again; Stripe redelivers the event: the new cart stays.
    await add(cookie);
    const again = completedEvent(sessionId, order!.id);
    expect((await sendWebhook(again, sign(again))).status).toBe(200);
    expect(await linesOf(cookie)).toBe(1);

    // By verify-order, before the webhook: the same, once.
    const db = await app.testDb();
    await db.update(carts).set({ lines: [] }).where(eq(carts.id, await cartId(cookie)));
    await add(cookie);
    const second = await pay(cookie);
    Object.assign(fake.sessions.get(second.sessionId)!, {
      payment_status: "paid",
      status: "complete",
      customer_details: { email: "lee@example.com", name: "Lee Park", phone: null },
    });
    const verified = await call(app.verify, "/api/verify-order", postJson({ sessionId: second.sessionId }, { cookie: second.receipt }));
    expect(await verified.json()).toMatchObject({ success: true });
    expect(await linesOf(cookie)).toBe(0);
    await add(cookie);
    const late = completedEvent(second.sessionId, (await orderFor(second.sessionId))!.id);
    expect((await sendWebhook(late, sign(late))).status).toBe(200);
    expect(await linesOf(cookie)).toBe(1);
  });

  it("X-SEC-5: a signed event whose amount or currency differs does not pay the order; it is flagged", async () => {
    for (const over of [{ amount_total: 1 }, { currency: "usd" }]) {
      const { sessionId } = await startCheckout();
      const order = await orderFor(sessionId);
      const before = (await outbox()).length;
      const payload = completedEvent(sessionId, order!.id, "checkout.session.completed", over);
      expect((await sendWebhook(payload, sign(payload))).status).toBe(200);
      const after = await orderFor(sessionId);
      expect(legacyStatus(after!)).toBe("pending");
      expect(after?.attentionReason).toMatch(/took £0\.01|in USD/);
      expect(after?.attentionAt).toBeInstanceOf(Date);
      expect((await outbox()).length).toBe(before);
    }
  });

  it("X-SEC-5: another session's event for this order does not pay it", async () => {
    const { sessionId } = await startCheckout();
    const order = await orderFor(sessionId);
    const stolen = { ...fake.sessions.get(sessionId)!, id: "cs_test_other" };
    fake.sessions.set("cs_test_other", stolen);
    const payload = completedEvent("cs_test_other", order!.id);
    expect((await sendWebhook(payload, sign(payload))).status).toBe(200);
    expect(legacyStatus((await orderFor(sessionId))!)).toBe("pending");
    expect(await orderFor(sessionId)).toMatchObject({
      attentionReason: expect.stringMatching(/session/),
    });
  });

  it("X-SEC-5: an event for an unknown session is acknowledged with 200", async () => {
    const payload = completedEvent("cs_test_never_made", null);
    expect((await sendWebhook(payload, sign(payload))).status).toBe(200);
  });

  it("X-SEC-5: expired and failed sessions cancel the pending order; a later payment is flagged for a refund", async () => {
    for (const type of ["checkout.session.expired", "checkout.session.async_payment_failed"]) {
      const { sessionId } = await startCheckout();
      const order = await orderFor(sessionId);
      const ended = completedEvent(sessionId, order!.id, type, { payment_status: "unpaid" });
      expect((await sendWebhook(ended, sign(ended))).status).toBe(200);
      expect(legacyStatus((await orderFor(sessionId))!)).toBe("cancelled");
      const paid = completedEvent(sessionId, order!.id);
      expect((await sendWebhook(paid, sign(paid))).status).toBe(200);
      expect(legacyStatus((await orderFor(sessionId))!)).toBe("cancelled");
      expect(await orderFor(sessionId)).toMatchObject({
        attentionReason: expect.stringMatching(/refund/i),
      });
    }
  });

  it("X-STK-4: Stripe's expired event gives the order's stock back, once", async () => {
    const { setVariantStock } = await import("~/stock/admin.server");
    const { stockLevels } = await import("~/stock/stock.server");
    const db = await app.testDb();
    const bottle = { productId: "water-bottle", optionType: "Standard", size: "N/A" };
    const left = async () => (await stockLevels(db, ["water-bottle"]))["water-bottle|Standard|N/A|"];
    expect((await setVariantStock(db, { ...bottle, quantity: 10 }, new Date())).ok).toBe(true);
    const { sessionId } = await startCheckout();
    expect(await left()).toBe(8);
    const order = await orderFor(sessionId);
    const ended = completedEvent(sessionId, order!.id, "checkout.session.expired", { payment_status: "unpaid" });
    expect((await sendWebhook(ended, sign(ended))).status).toBe(200);
    expect((await sendWebhook(ended, sign(ended))).status).toBe(200);
    expect(legacyStatus((await orderFor(sessionId))!)).toBe("cancelled");
    expect(await left()).toBe(10);
    expect((await setVariantStock(db, { ...bottle, quantity: null }, new Date())).ok).toBe(true);
  });

  it("X-SEC-1: a sandbox order cannot be paid once Stripe takes the payments", async () => {
    const db = await app.testDb();
    const [order] = await db
      .insert(app.orders)
      .values({
        paymentProvider: "sandbox",
        paymentSessionId: "cs_test_sandbox_left_over",
        subtotalPence: 1000,
        shippingPence: 0,
        totalPence: 1000,
      })
      .returning();
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "A",
      lastName: "B",
      email: "a@example.com",
      phone: "0770",
      address: "1 Road",
      city: "Town",
      postcode: "AB1 2CD",
      sameAsShipping: "on",
      cardNumber: "4242424242424242",
      cardName: "A B",
      expiryDate: "12/35",
      cvv: "123",
    }))
      form.set(k, v);
    const response = await call(app.pay, "/payment?session_id=cs_test_sandbox_left_over", {
      method: "POST",
      body: form,
    }).catch((thrown: unknown) => thrown as Response);
    expect(response.status).toBe(404);
    expect(legacyStatus((await orderFor("cs_test_sandbox_left_over"))!)).toBe("pending");
    expect(order?.id).toBeDefined();
  });

  it("X-SEC-5: a payment racing the session's expiry ends paid, or cancelled and flagged for a refund, never lost", { tags: ["race"] }, async () => {
    for (let round = 0; round < 5; round++) {
      const { sessionId } = await startCheckout();
      const order = await orderFor(sessionId);
      const paid = completedEvent(sessionId, order!.id);
      const expired = completedEvent(sessionId, order!.id, "checkout.session.expired", {
        payment_status: "unpaid",
      });
      const answers = await Promise.all([
        sendWebhook(paid, sign(paid)),
        sendWebhook(expired, sign(expired)),
        sendWebhook(paid, sign(paid)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const after = await orderFor(sessionId);
      if (legacyStatus(after!) === "paid") expect(after!.attentionReason).toBeNull();
      else {
        expect(legacyStatus(after!)).toBe("cancelled");
        expect(after).toMatchObject({ attentionReason: expect.stringMatching(/refund/) });
      }
    }
  });
});
