import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb } from "./shop";
import { orderLines, orders } from "~/db/schema";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as validateDiscount } from "~/routes/api.discounts.validate";
import { changeOrderStatus } from "~/orders/workflow.server";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { action as pay, loader as paymentPage } from "~/routes/payment";
import { action as tracking } from "~/routes/tracking";
import { call, decodeMail, outbox, postJson, paymentForm, receiptOf } from "./helpers";
import { legacyStatus } from "~/orders/status";

const gi = {
  productId: "kids-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "M2",
  quantity: 1,
  customText: "MAYA",
  nameCustomisation: true,
};
const gorilla = {
  productId: "mens-ranked-gorilla-no-gi-set",
  optionType: "Rashguard",
  size: "L",
  beltRank: "Blue",
  quantity: 2,
};

async function orderCount() {
  const db = await testDb();
  const [row] = await db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

async function checkout(body: unknown, headers?: Record<string, string>) {
  return call(createSession, "/api/create-checkout-session", postJson(body, headers));
}

async function paySession(sessionId: string, over?: Record<string, string>) {
  const url = `/payment?session_id=${encodeURIComponent(sessionId)}`;
  try {
    return await call(pay, url, { method: "POST", body: paymentForm(over) });
  } catch (thrown) {
    // A successful payment redirects (React Router throws the redirect Response).
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("checkout on the server", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  it("X-CHK-1 X-CHK-2: prices from the catalogue; tampered prices, totals and percentages are ignored", async () => {
    const response = await checkout({
      cartItems: [
        { ...gi, price: "£0.01", unitPricePence: 1 },
        { ...gorilla, price: 1 },
      ],
      discount: 100,
      discountCode: "save10",
      total: 1,
      subtotal: 1,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; sessionId: string };
    expect(body.url).toBe(`/payment?session_id=${body.sessionId}`);

    const db = await testDb();
    const [order] = await db.select().from(orders);
    const lines = await db.select().from(orderLines).orderBy(orderLines.position);
    expect(lines.map((l) => [l.productId, l.unitPricePence, l.quantity, l.lineTotalPence])).toEqual([
      ["kids-grip-truth-bjj-gi", 5999, 1, 5999],
      ["mens-ranked-gorilla-no-gi-set", 3499, 2, 6998],
    ]);
    expect(lines[0]).toMatchObject({ customText: "MAYA", nameCustomisation: true });
    expect(lines[1]).toMatchObject({ beltRank: "Blue" });
    expect(legacyStatus(order!)).toBe("pending");
    expect(order).toMatchObject({
      subtotalPence: 12997,
      // X-UK-1: £116.97 after the discount ships free by UK standard (the default method).
      shippingPence: 0,
      shippingMethod: "uk-standard",
      discountCode: "SAVE10",
      discountPercent: 10,
      discountPence: 1300,
      totalPence: 12997 - 1300,
      paymentSessionId: body.sessionId,
    });
    // X-DAY-3: a reference until paid; the number is given at payment.
    expect(order?.orderNumber).toMatch(/^CHK-\d+$/);
  });

  const bad: [string, unknown, RegExp][] = [
    ["an unknown product", { cartItems: [{ ...gorilla, productId: "mens-nope" }] }, /don't sell/],
    ["an unknown belt rank", { cartItems: [{ ...gorilla, beltRank: "Red" }] }, /belt rank/],
    ["a missing belt rank", { cartItems: [{ ...gorilla, beltRank: undefined }] }, /belt rank/],
    [
      "an unknown colour",
      { cartItems: [{ productId: "mens-grip-truth-hoodie", optionType: "Hoodies", size: "M", color: "Pink", quantity: 1 }] },
      /colour/,
    ],
    ["an empty cart", { cartItems: [] }, /empty/],
    ["no cart at all", {}, /cartItems/],
    ["a zero quantity", { cartItems: [{ ...gorilla, quantity: 0 }] }, /Quantity/],
    ["a negative quantity", { cartItems: [{ ...gorilla, quantity: -2 }] }, /Quantity/],
    ["a fractional quantity", { cartItems: [{ ...gorilla, quantity: 1.5 }] }, /Quantity/],
    ["a quantity as text", { cartItems: [{ ...gorilla, quantity: "2" }] }, /Quantity/],
    // Issue 24 item 12: refused with the form's words, never cut.
    ["21 characters of custom text", { cartItems: [{ ...gi, customText: "A".repeat(21) }] }, /^Item 1: Up to 20 characters\.$/],
    ["500 characters of custom text", { cartItems: [{ ...gi, customText: "A".repeat(500) }] }, /^Item 1: Up to 20 characters\.$/],
    ["custom text where none is allowed", { cartItems: [{ ...gorilla, customText: "NAME" }] }, /custom text/],
    ["a paid name customisation without a name", { cartItems: [{ ...gi, customText: "" }] }, /needs the name/],
    ["an invalid discount code", { cartItems: [gi], discountCode: "FREEBIE" }, /Invalid discount code/],
  ];
  for (const [what, body, message] of bad) {
    it(`S-CHK X-SHOP-4: ${what} gives 400 with a clear message and stores nothing`, async () => {
      const response = await checkout(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      expect(await orderCount()).toBe(0);
    });
  }

  it("X-SHOP-4: malformed JSON gives 400 and stores nothing", async () => {
    const response = await checkout("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "The request body must be valid JSON." });
    expect(await orderCount()).toBe(0);
  });

  it("X-SHOP-4: a cross-site request is refused", async () => {
    const response = await checkout({ cartItems: [gi] }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await orderCount()).toBe(0);
  });

  it("S-CHK-3: codes are checked case-insensitively against the table", async () => {
    const ok = await call(validateDiscount, "/api/discounts/validate", postJson({ code: " save20 " }));
    expect(await ok.json()).toEqual({ code: "SAVE20", percent: 20 });
    const bad = await call(validateDiscount, "/api/discounts/validate", postJson({ code: "SAVE30" }));
    expect(bad.status).toBe(404);
    expect(await bad.json()).toEqual({ error: "Invalid discount code." });
    const malformed = await call(validateDiscount, "/api/discounts/validate", postJson({ nope: 1 }));
    expect(malformed.status).toBe(400);
  });
});

describe("sandbox payment and fulfilment", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  /** Each session's receipt cookie, as the browser that opened it holds it (X-SEC-20). */
  const receipts = new Map<string, string>();
  async function newSession() {
    const response = await checkout({ cartItems: [gi, gorilla], discountCode: "SAVE10" });
    const { sessionId } = (await response.json()) as { sessionId: string };
    receipts.set(sessionId, receiptOf(response));
    return sessionId;
  }
  const buyerOf = (sessionId: string) => ({ cookie: receipts.get(sessionId) ?? "" });

  it("S-CHK-5 X-CHK-3: the payment page shows the stored order; a good card pays it", async () => {
    const sessionId = await newSession();
    const page = await call(paymentPage, `/payment?session_id=${sessionId}`);
    expect(page.status).toBe(200);
    const shown = (await page.json()) as {
      order: { orderNumber: string; totalPence: number; discountCode: string };
      lines: { productName: string; lineTotalPence: number }[];
    };
    expect(shown.order).toMatchObject({ totalPence: 11697, discountCode: "SAVE10" });
    expect(shown.lines.map((l) => [l.productName, l.lineTotalPence])).toEqual([
      ["Kids Grip Truth BJJ Gi", 5999],
      ["Mens Ranked Gorilla No-Gi Set", 6998],
    ]);
    const unknown = await call(paymentPage, "/payment?session_id=cs_test_nope");
    expect(unknown.status).toBe(404);

    const before = (await outbox()).length;
    const response = await paySession(sessionId);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/order-confirmation?session_id=${sessionId}`);

    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("paid");
    expect(order).toMatchObject({
      customerEmail: "ana@example.com",
      cardBrand: "visa",
      cardLast4: "4242",
      shippingAddress: {
        firstName: "Ana",
        lastName: "Silva",
        address: "1 Beach Road",
        city: "Redcar",
        postcode: "TS10 1AA",
        country: "United Kingdom",
      },
    });
    expect(order?.paidAt).toBeInstanceOf(Date);
    // The card number and CVV are never stored.
    expect(JSON.stringify(order)).not.toContain("4242424242424242");
    expect(JSON.stringify(order)).not.toContain("4242 4242 4242 4242");

    const mails = await outbox();
    expect(mails.length).toBe(before + 1);
    const mail = decodeMail(mails.at(-1)!.text);
    expect(mail).toContain("To: ana@example.com");
    expect(mail).toContain(`Order number: ${order!.orderNumber}`);
    expect(mail).toContain("1 × Kids Grip Truth BJJ Gi (Gi, Size: M2, Name for the lapel: MAYA): £59.99");
    expect(mail).toContain("2 × Mens Ranked Gorilla No-Gi Set (Rashguard, Size: L, Belt rank: Blue): £69.98");
    expect(mail).toContain("Subtotal: £129.97");
    expect(mail).toContain("Delivery: UK standard (2-5 working days)");
    expect(mail).toContain("Shipping: Free");
    expect(mail).toContain("Discount (SAVE10): -£13.00");
    expect(mail).toContain("Total paid: £116.97");
    expect(mail).toContain("TS10 1AA");
    expect(mail).toContain("3-6 weeks");
    expect(order?.totalPence).toBe(11697);
  });

  it("S-CHK-5: incomplete forms get the spec's messages and the order stays pending", async () => {
    const sessionId = await newSession();
    const noAddress = await paySession(sessionId, { city: "" });
    expect(noAddress.status).toBe(400);
    const noCard = await paySession(sessionId, { cvv: "" });
    expect(noCard.status).toBe(400);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("pending");
  });

  it("X-CHK-3: 4000 0000 0000 0002 is declined and nothing is marked paid", async () => {
    const sessionId = await newSession();
    const before = (await outbox()).length;
    const response = await paySession(sessionId, { cardNumber: "4000 0000 0000 0002" });
    expect(response.status).toBe(402);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("pending");
    expect(order).toMatchObject({ cardLast4: null });
    expect((await outbox()).length).toBe(before);
  });

  it("X-CHK-2: 20 concurrent pay requests for one session give one paid order and one e-mail", { tags: ["race"] }, async () => {
    const sessionId = await newSession();
    const before = (await outbox()).length;
    const responses = await Promise.all(Array.from({ length: 20 }, () => paySession(sessionId)));
    expect(responses.every((r) => r.status === 302)).toBe(true);
    const db = await testDb();
    const paid = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(paid).toHaveLength(1);
    expect(legacyStatus(paid[0]!)).toBe("paid");
    expect((await outbox()).length).toBe(before + 1);
  });

  it("S-CHK-6 X-CHK-4: verify-order answers from the stored order", async () => {
    const sessionId = await newSession();
    const verify = (id: unknown) =>
      call(verifyOrder, "/api/verify-order", postJson({ sessionId: id }, buyerOf(sessionId)));
    const pending = await (await verify(sessionId)).json();
    expect(pending).toMatchObject({ success: false, session: { status: "pending" } });
    await paySession(sessionId);
    const paid = await verify(sessionId);
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({
      success: true,
      session: {
        amount_total: 11697,
        currency: "gbp",
        customer_email: "ana@example.com",
        order_number: expect.stringMatching(/^GT-\d+$/),
        status: "paid",
        lines: expect.any(Array),
      },
      receipt: expect.objectContaining({ total_pence: 11697, shipping_method: "uk-standard" }),
    });
    expect((await verify("cs_test_unknown")).status).toBe(404);
    expect((await verify("")).status).toBe(400);
    const malformed = await call(verifyOrder, "/api/verify-order", postJson("{oops"));
    expect(malformed.status).toBe(400);
  });

  it("S-CHK-6 X-OPS-4: verify-order still answers success once the owner has moved the paid order on", async () => {
    const sessionId = await newSession();
    await paySession(sessionId);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const moved = await changeOrderStatus(
      db,
      order!.orderNumber,
      { status: "in_production" },
      "owner@example.com",
    );
    expect(moved.ok).toBe(true);
    const verified = await (
      await call(verifyOrder, "/api/verify-order", postJson({ sessionId }, buyerOf(sessionId)))
    ).json();
    expect(verified).toMatchObject({
      success: true,
      session: { status: "in_production", order_number: order!.orderNumber },
      receipt: expect.objectContaining({ total_pence: 11697 }),
    });
    // A cancelled order is not a confirmed one.
    const other = await newSession();
    await paySession(other);
    const [second] = await db.select().from(orders).where(eq(orders.paymentSessionId, other));
    await changeOrderStatus(db, second!.orderNumber, { status: "cancelled" }, "owner@example.com");
    const cancelled = await (
      await call(verifyOrder, "/api/verify-order", postJson({ sessionId: other }, buyerOf(other)))
    ).json();
    expect(cancelled).toMatchObject({ success: false, receipt: null });
  });

  it("X-INFO-2 X-SEC-7: tracking is a POST that needs the order number and the e-mail together", async () => {
    const sessionId = await newSession();
    await paySession(sessionId);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const track = async (number: string, email: string) => {
      const form = new FormData();
      form.set("order", number);
      form.set("email", email);
      const response = await call(tracking, "/tracking", { method: "POST", body: form });
      expect(response.headers.get("cache-control")).toBe("no-store");
      return (await response.json()) as { result: { found: boolean; status?: string } };
    };
    const found = await track(order!.orderNumber.toLowerCase(), "ANA@example.com");
    expect(found.result).toMatchObject({ found: true, status: "Paid: being prepared" });
    const wrongEmail = await track(order!.orderNumber, "someone@example.com");
    const noSuchOrder = await track("GT-99999", "ana@example.com");
    expect(wrongEmail.result).toEqual(noSuchOrder.result);
    expect(wrongEmail.result.found).toBe(false);
  });
});
