import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { orders } from "~/db/schema";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay } from "~/routes/payment";
import { action as tracking } from "~/routes/tracking";
import { call, decodeMail, outbox, postJson, paymentForm, receiptOf } from "./helpers";
import { legacyStatus } from "~/orders/status";

// Read lazily by the app on first use, so set before any test runs: receipts carry VAT lines.
useTestSettings({
  VAT_NUMBER: "GB 123 4567 89",
  PUBLIC_URL: "https://shop.example",
});

// Three items at £29.99: £89.97 of goods (the example).
const shorts = {
  productId: "mens-england-no-gi-set",
  optionType: "Shorts",
  size: "M",
  quantity: 3,
};
const gi = {
  productId: "kids-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "M2",
  quantity: 1,
  customText: "MAYA",
  nameCustomisation: true,
};

async function checkout(body: Record<string, unknown>) {
  return call(createSession, "/api/create-checkout-session", postJson(body));
}

async function orderFor(sessionId: string) {
  const db = await testDb();
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return order!;
}

async function paySession(sessionId: string, over: Record<string, string> = {}) {
  return call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    body: paymentForm({ postcode: "TS10 1AA", ...over }),
  });
}

describe("X-UK-1: shippingMethod on POST /api/create-checkout-session", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  it("X-UK-1: £89.97 of goods ships free by default (UK standard); the order stores the method", async () => {
    const response = await checkout({ cartItems: [shorts] });
    expect(response.status).toBe(200);
    const order = await orderFor(((await response.json()) as { sessionId: string }).sessionId);
    expect(order).toMatchObject({
      shippingMethod: "uk-standard",
      subtotalPence: 8997,
      shippingPence: 0,
      totalPence: 8997,
    });
  });

  it("X-UK-1: with SAVE20 the same cart is under £75 and pays £11.97 shipping", async () => {
    const response = await checkout({
      cartItems: [shorts],
      discountCode: "SAVE20",
      shippingMethod: "uk-standard",
    });
    const order = await orderFor(((await response.json()) as { sessionId: string }).sessionId);
    expect(order).toMatchObject({
      subtotalPence: 8997,
      discountPence: 1799,
      shippingPence: 1197,
      totalPence: 8997 - 1799 + 1197,
    });
  });

  it("X-UK-1: express and international are charged once per order and stored", async () => {
    for (const [shippingMethod, pence] of [
      ["uk-express", 899],
      ["international", 1599],
    ] as const) {
      const response = await checkout({ cartItems: [shorts], shippingMethod });
      expect(response.status).toBe(200);
      const order = await orderFor(((await response.json()) as { sessionId: string }).sessionId);
      expect(order).toMatchObject({ shippingMethod, shippingPence: pence, totalPence: 8997 + pence });
    }
  });

  it("X-UK-1: null means the default method", async () => {
    const response = await checkout({ cartItems: [shorts], shippingMethod: null });
    expect(response.status).toBe(200);
  });

  for (const bad of ["express", "UK-STANDARD", "", "free", 1, true, ["uk-express"], { id: "uk-express" }]) {
    it(`X-UK-1 X-SHOP-4: shippingMethod ${JSON.stringify(bad)} is a 400 with a clear message and stores nothing`, async () => {
      const response = await checkout({ cartItems: [shorts], shippingMethod: bad });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(
        'shippingMethod must be one of "uk-standard", "uk-express", "international".',
      );
      const db = await testDb();
      expect(await db.select().from(orders)).toHaveLength(0);
    });
  }

  it("X-UK-1: the database refuses a method it does not know", async () => {
    const db = await testDb();
    await expect(
      db.insert(orders).values({
        paymentProvider: "sandbox",
        subtotalPence: 100,
        shippingPence: 0,
        totalPence: 100,
        shippingMethod: "teleport" as "uk-standard",
      }),
    ).rejects.toThrow();
  });
});

describe("X-UK-1: the payment page's UK-address rule", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  async function session(shippingMethod: string) {
    const response = await checkout({ cartItems: [shorts], shippingMethod });
    return ((await response.json()) as { sessionId: string }).sessionId;
  }

  it("X-UK-1: a UK method refuses a non-UK country with a clear message; the order stays pending", async () => {
    for (const method of ["uk-standard", "uk-express"]) {
      const sessionId = await session(method);
      const response = await paySession(sessionId, { country: "France" });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/delivery is for addresses in the United Kingdom/);
      expect(error).toMatch(/choose international delivery for France/);
      expect(legacyStatus(await orderFor(sessionId))).toBe("pending");
    }
  });

  it("X-UK-1: a UK method takes a UK address however the country is written", async () => {
    for (const country of ["UK", "Scotland", "great britain"]) {
      const sessionId = await session("uk-express");
      const response = await paySession(sessionId, { country });
      expect(response.status, country).toBe(302);
      expect(legacyStatus(await orderFor(sessionId))).toBe("paid");
    }
  });

  it("X-UK-1: international delivery is for addresses outside the UK", async () => {
    const refused = await session("international");
    const response = await paySession(refused, { country: "United Kingdom" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /International delivery is for addresses outside the United Kingdom/,
    );
    const blank = await session("international");
    const noCountry = await paySession(blank, { country: "" });
    expect(noCountry.status).toBe(400);
    expect(((await noCountry.json()) as { error: string }).error).toMatch(/Please enter the country/);
    const paid = await session("international");
    expect((await paySession(paid, { country: "Ireland", postcode: "D02 X285" })).status).toBe(302);
    expect(legacyStatus((await orderFor(paid))!)).toBe("paid");
    expect(await orderFor(paid)).toMatchObject({
      shippingMethod: "international",
      shippingPence: 1599,
      totalPence: 8997 + 1599,
    });
  });
});

describe("X-UK-2 X-UK-3 X-UK-4: the receipt and the confirmation e-mail agree to the penny", () => {
  it("X-UK-2 X-UK-3 X-UK-4 X-VAT-3: verify-order's receipt and the e-mail carry method, totals, VAT by rate, notices, seller and right to cancel", async () => {
    const response = await checkout({
      cartItems: [gi, { ...shorts, quantity: 1 }],
      discountCode: "SAVE10",
      shippingMethod: "uk-express",
    });
    const { sessionId } = (await response.json()) as { sessionId: string };
    const before = (await outbox()).length;
    expect((await paySession(sessionId)).status).toBe(302);
    const order = await orderFor(sessionId);
    // £59.99 + £29.99 = £89.98; SAVE10 £9.00; express £8.99.
    expect(order).toMatchObject({
      subtotalPence: 8998,
      discountPence: 900,
      shippingPence: 899,
      totalPence: 8997,
    });

    const verified = await call(
      verifyOrder,
      "/api/verify-order",
      postJson({ sessionId }, { cookie: receiptOf(response) }), // the browser that paid (X-SEC-20)
    );
    const body = (await verified.json()) as { receipt: Record<string, unknown> };
    expect(body.receipt).toEqual({
      shipping_method: "uk-express",
      shipping_method_label: "UK express (1-2 working days)",
      subtotal_pence: 8998,
      shipping_pence: 899,
      discount_pence: 900,
      discount_code: "SAVE10",
      total_pence: 8997,
      // X-VAT-2: the kids' gi (M2) is zero-rated. SAVE10 shares £9.00 by value (gi £6.00, shorts
      // £3.00); express £8.99 splits by the goods' value after it: £3.00 with the shorts (2699 of
      // 8098), £5.99 with the gi. VAT at 20% of £29.99 = £5.00; zero-rated £53.99 + £5.99.
      vat: {
        label: "VAT at 20%",
        vat_pence: 500,
        vat_number: "GB123456789",
        rows: [
          { rate_percent: 20, label: "VAT at 20%", amount_pence: 500 },
          { rate_percent: 0, label: "Zero-rated", amount_pence: 5998 },
        ],
      },
      lines: [
        expect.objectContaining({
          product_name: "Kids Grip Truth BJJ Gi",
          personalised: true,
          notice: "Personalised: made for you, so it cannot be returned unless faulty",
        }),
        expect.objectContaining({
          product_name: "Mens England No-Gi Set",
          personalised: false,
          notice: "30-day returns",
        }),
      ],
      // Issue 49 item 6 (X-OWN-1, X-OWN-5): the page's receipt names the seller as the e-mail does,
      // and says the owner's window with the legal right inside it.
      seller: [
        "GRIP TRUTH Ltd",
        "Unit 7, Riverside Park Road",
        "Middlesbrough",
        "TS2 1QW",
        "United Kingdom",
        "hello@griptruth.co.uk",
      ],
      returns_notice:
        "30-day returns on non-personalised items: your 14-day right to cancel is included.",
    });

    const trackForm = new FormData();
    trackForm.set("order", order.orderNumber);
    trackForm.set("email", "ana@example.com");
    const tracked = await call(tracking, "/tracking", { method: "POST", body: trackForm });
    expect(((await tracked.json()) as { result: unknown }).result).toMatchObject({
      totalPence: 8997,
      delivery: "UK express (1-2 working days)",
    });

    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeMail(mails.at(-1)!.text);
    for (const expected of [
      `Order number: ${order.orderNumber}`,
      "This e-mail is your VAT receipt.",
      "1 × Kids Grip Truth BJJ Gi (Gi, Size: M2, Name for the lapel: MAYA): £59.99",
      "Personalised: made for you, so it cannot be returned unless faulty",
      "1 × Mens England No-Gi Set (Shorts, Size: M): £29.99",
      "30-day returns",
      "your 14-day right to cancel is included",
      "Delivery: UK express (1-2 working days)",
      "Subtotal: £89.98",
      "Shipping: £8.99",
      "Discount (SAVE10): -£9.00",
      "Total paid: £89.97",
      "VAT at 20%: £5.00",
      "Zero-rated: £59.98",
      "VAT number: GB123456789",
      "UK express delivery then takes 1-2 working days.",
      "Your right to cancel",
      "within 30 days of the day they are delivered",
      "https://shop.example/returns/request",
      "or e-mail hello@griptruth.co.uk",
      "Personalised items (anything with your name or text on it)",
      "Sold by:",
      "GRIP TRUTH Ltd",
      "Middlesbrough",
    ]) {
      expect(mail).toContain(expected);
    }
  });
});
