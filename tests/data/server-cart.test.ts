import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { carts, orders } from "~/db/schema";
import { CART_COOKIE, sweepCarts } from "~/cart/server-cart.server";
import { lineKey } from "~/cart/cart";
import { action as cartApi, loader as cartApiGet } from "~/routes/api.cart";
import { action as cartPage } from "~/routes/cart";
import { action as checkoutPage } from "~/routes/checkout";
import { action as pay } from "~/routes/payment";
import { loader as confirmation } from "~/routes/order-confirmation";
import { backgroundJobs } from "~/server/jobs.server";
import { MAX_LINE_QUANTITY } from "~/shared/limits";
import { call, paymentForm, postJson } from "./helpers";
import { action as verifyOrder } from "~/routes/api.verify-order";
import { receiptCookie, receiptSessions } from "~/flows/checkout/receipt-cookie.server";
import { TEST_DRIVER } from "./setup";
import { testDb, theShop } from "./shop";

// Issue 25 (X-PE-1, X-PE-2): the cart kept on the server, its forms and the purchase without
// JavaScript, against the real database.

const rashguard = {
  productId: "mens-ranked-gorilla-no-gi-set",
  optionType: "Rashguard",
  size: "M",
  beltRank: "Blue",
  quantity: "1",
};

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const cookieOf = (response: Response) => {
  const header = response.headers.get("set-cookie") ?? "";
  const match = new RegExp(`${CART_COOKIE}=([^;]+)`).exec(header);
  return match ? `${CART_COOKIE}=${match[1]}` : undefined;
};
/** The receipt cookie checkout gives the browser that opened the payment (X-SEC-20). */
const receiptOf = (response: Response) =>
  /(?:^|, )(gt_receipt=[^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];

/** POST /api/cart as the cart's script sends it. */
function post(fields: Record<string, string>, cookie?: string) {
  return call(cartApi, "/api/cart", {
    method: "POST",
    body: form(fields),
    headers: cookie ? { cookie } : {},
  });
}

/** POST /cart as a page without JavaScript sends it. */
function postPage(fields: Record<string, string>, cookie?: string) {
  return call(cartPage, "/cart", {
    method: "POST",
    body: form(fields),
    headers: cookie ? { cookie } : {},
  });
}

interface CartAnswer {
  lines: { productId: string; quantity: number; size: string; unitPricePence: number }[];
  discountCode: string | null;
  discount: { code: string; percent: number } | null;
  error?: string;
}

describe(`the server's cart (${TEST_DRIVER})`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(carts);
    await db.delete(orders);
  });

  it("X-PE-1: an add starts a cart named by an HttpOnly, SameSite=Lax cookie; the server prices it", async () => {
    const response = await post({ intent: "add", ...rashguard, quantity: "2" });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^gt_cart=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as CartAnswer;
    expect(body.lines).toMatchObject([{ productId: rashguard.productId, quantity: 2, unitPricePence: 3499 }]);

    const again = await call(cartApiGet, "/api/cart", { headers: { cookie: cookieOf(response)! } });
    expect(((await again.json()) as CartAnswer).lines).toHaveLength(1);
    // Another visitor (no cookie, or a made-up one) has an empty cart.
    const other = await call(cartApiGet, "/api/cart", {
      headers: { cookie: `${CART_COOKIE}=${"a".repeat(32)}` },
    });
    expect(((await other.json()) as CartAnswer).lines).toEqual([]);
  });

  it("X-PE-1: refusals say the product page's sentences with a 4xx and change nothing", async () => {
    const first = await post({ intent: "add", ...rashguard });
    const cookie = cookieOf(first)!;
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add", ...rashguard, size: "" }, 400, "Please select a size."],
      [{ intent: "add", ...rashguard, beltRank: "" }, 400, "Please select a belt rank."],
      [{ intent: "add", ...rashguard, quantity: "0" }, 400, "Quantity must be a whole number of 1 or more."],
      [
        { intent: "add", ...rashguard, quantity: String(MAX_LINE_QUANTITY + 1) },
        400,
        `Quantity can be at most ${MAX_LINE_QUANTITY} per item; contact us for larger orders.`,
      ],
      [{ intent: "add", ...rashguard, productId: "no-such-thing" }, 404, `We don't sell a product called "no-such-thing".`],
      [{ intent: "update", line: "nope", quantity: "2" }, 404, "That item is no longer in your cart."],
      [{ intent: "discount", code: "NOPE" }, 404, "Invalid discount code."],
      [{ intent: "sell" }, 400, 'intent must be one of "add", "update", "remove", "clear", "discount", "merge".'],
    ];
    for (const [fields, status, error] of cases) {
      const response = await post(fields, cookie);
      expect([fields.intent, response.status]).toEqual([fields.intent, status]);
      expect(((await response.json()) as CartAnswer).error).toBe(error);
    }
    const cart = (await (await call(cartApiGet, "/api/cart", { headers: { cookie } })).json()) as CartAnswer;
    expect(cart.lines.map((l) => l.quantity)).toEqual([1]);
  });

  it("X-PE-1: update, remove, discount and clear, each by its form", async () => {
    const cookie = cookieOf(await post({ intent: "add", ...rashguard }))!;
    const added = (await (await post({ intent: "add", ...rashguard, size: "L" }, cookie)).json()) as CartAnswer;
    expect(added.lines.map((l) => l.size)).toEqual(["M", "L"]);
    const key = lineKey({ ...rashguard, quantity: 1 });
    const updated = (await (await post({ intent: "update", line: key, quantity: "4" }, cookie)).json()) as CartAnswer;
    expect(updated.lines.map((l) => l.quantity)).toEqual([4, 1]);
    const coded = (await (await post({ intent: "discount", code: "save10" }, cookie)).json()) as CartAnswer;
    expect(coded.discount).toEqual({ code: "SAVE10", percent: 10 });
    const removed = (await (await post({ intent: "remove", line: key }, cookie)).json()) as CartAnswer;
    expect(removed.lines.map((l) => l.size)).toEqual(["L"]);
    const cleared = (await (await post({ intent: "clear" }, cookie)).json()) as CartAnswer;
    expect(cleared).toMatchObject({ lines: [], discountCode: null });
  });

  it("X-PE-1: without JavaScript a change redirects (303) back; a refused add renders /cart with a 400", async () => {
    const added = await postPage({ intent: "add", ...rashguard });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/cart?added=1");
    const cookie = cookieOf(added)!;
    const key = lineKey({ ...rashguard, quantity: 1 });
    const updated = await postPage({ intent: "update", line: key, quantity: "3", returnTo: "/checkout" }, cookie);
    expect(updated.status).toBe(303);
    expect(updated.headers.get("location")).toBe("/checkout");
    // Only the shop's own pages are places to come back to.
    const elsewhere = await postPage({ intent: "update", line: key, quantity: "2", returnTo: "https://evil.test/" }, cookie);
    expect(elsewhere.headers.get("location")).toBe("/cart");

    const refused = await postPage({ intent: "add", ...rashguard, size: "" }, cookie);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as {
      error: string;
      refusedProduct: { product: { id: string }; fields: { beltRank: string } };
    };
    expect(body.error).toBe("Please select a size.");
    expect(body.refusedProduct.product.id).toBe(rashguard.productId);
    expect(body.refusedProduct.fields.beltRank).toBe("Blue");
  });

  it("X-PE-1: a cart kept in the browser moves over once, merged into the server's", async () => {
    const cookie = cookieOf(await post({ intent: "add", ...rashguard }))!;
    const stored = JSON.stringify({
      version: 1,
      lines: [
        { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 2 },
        { ...rashguard, quantity: 1 },
      ],
    });
    const merged = (await (await post({ intent: "merge", lines: stored }, cookie)).json()) as CartAnswer;
    expect(merged.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [rashguard.productId, 2],
      ["knee-pads", 2],
    ]);
  });

  it("X-PE-1: a cart untouched for 30 days is swept, and its cookie then starts a new cart", async () => {
    const cookie = cookieOf(await post({ intent: "add", ...rashguard }))!;
    const fresh = cookieOf(await post({ intent: "add", ...rashguard }))!;
    const db = await testDb();
    const old = cookie.split("=")[1]!;
    await db.update(carts).set({ updatedAt: sql`now() - interval '31 days'` }).where(eq(carts.id, old));
    // Too old to be read even before the sweep.
    const before = (await (await call(cartApiGet, "/api/cart", { headers: { cookie } })).json()) as CartAnswer;
    expect(before.lines).toEqual([]);
    expect(backgroundJobs(theShop()).map((j) => j.name)).toContain("cart-sweep");
    expect(await sweepCarts(db)).toBe(1);
    const left = await db.select({ id: carts.id }).from(carts);
    expect(left.map((c) => c.id)).toEqual([fresh.split("=")[1]]);
    const next = await post({ intent: "add", ...rashguard }, cookie);
    expect(cookieOf(next)).not.toBe(cookie);
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "X-PE-1: twelve adds to one cart at once (two tabs racing) all land",
    { timeout: 30_000, tags: ["race"] },
    async () => {
      const cookie = cookieOf(await post({ intent: "add", ...rashguard }))!;
      const sizes = ["XS", "S", "L", "XL", "XXL"];
      const ranks = ["White", "Blue", "Purple", "Brown", "Black"];
      const adds = sizes.flatMap((size) => ranks.slice(0, 3).map((beltRank) => ({ size, beltRank }))).slice(0, 12);
      const answers = await Promise.all(
        adds.map((choice) => post({ intent: "add", ...rashguard, ...choice }, cookie)),
      );
      expect(answers.map((a) => a.status)).toEqual(adds.map(() => 200));
      const cart = (await (await call(cartApiGet, "/api/cart", { headers: { cookie } })).json()) as CartAnswer;
      expect(cart.lines).toHaveLength(13);
    },
  );

  it("X-PE-2: without JavaScript, Pay makes the session from the server's cart; the paid order empties it", async () => {
    const cookie = cookieOf(await postPage({ intent: "add", ...rashguard, quantity: "2" }))!;
    const empty = await call(checkoutPage, "/checkout", { method: "POST", body: form({ intent: "pay" }) });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: string }).error).toBe("Your cart is empty.");

    const coded = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "discount", code: "save10" }),
      headers: { cookie },
    });
    expect(coded.status).toBe(303);
    expect(coded.headers.get("location")).toBe("/checkout");
    const badMethod = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "pay", shippingMethod: "pigeon" }),
      headers: { cookie },
    });
    expect(badMethod.status).toBe(400);

    const paid = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "pay", shippingMethod: "uk-express" }),
      headers: { cookie },
    });
    expect(paid.status).toBe(303);
    const location = paid.headers.get("location")!;
    expect(location).toMatch(/^\/payment\?session_id=cs_/);
    const db = await testDb();
    const [order] = await db.select().from(orders);
    // 2 × £34.99, 10% off (£7.00), UK express £8.99.
    expect(order).toMatchObject({ totalPence: 7197, discountCode: "SAVE10", shippingMethod: "uk-express" });

    const sessionId = new URL(location, "http://shop.test").searchParams.get("session_id")!;
    const confirmationUrl = `/order-confirmation?session_id=${sessionId}`;
    // The browser that paid is the one checkout gave the receipt cookie to (X-SEC-20).
    const browser = `${cookie}; ${receiptOf(paid)!}`;
    const before = (await (await call(confirmation, confirmationUrl, { headers: { cookie: browser } })).json()) as {
      verified: { success: boolean } | null;
    };
    expect(before.verified?.success).toBe(false);
    expect(
      (await call(pay, `/payment?session_id=${sessionId}`, { method: "POST", body: paymentForm(), headers: { cookie: browser } }))
        .status,
    ).toBe(302);
    const after = (await (await call(confirmation, confirmationUrl, { headers: { cookie: browser } })).json()) as {
      verified: { success: boolean; session: { order_number: string; amount_total: number } };
    };
    expect(after.verified.success).toBe(true);
    expect(after.verified.session.amount_total).toBe(7197);
    // The order's number is given when it is paid (X-DAY-3): the confirmation reads that number.
    const [paidOrder] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paidOrder!.orderNumber).toMatch(/^GT-\d+$/);
    expect(after.verified.session.order_number).toBe(paidOrder!.orderNumber);
    const cart = (await (await call(cartApiGet, "/api/cart", { headers: { cookie } })).json()) as CartAnswer;
    expect(cart.lines).toEqual([]);
  });

  it("X-SEC-20: another visitor with a paid order's session id sees no receipt, and the GET leaves their cart alone", async () => {
    const buyer = cookieOf(await postPage({ intent: "add", ...rashguard }))!;
    const paying = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "pay", shippingMethod: "uk-standard" }),
      headers: { cookie: buyer },
    });
    expect(paying.status).toBe(303);
    const receipt = receiptOf(paying)!;
    expect(receipt).toMatch(/^gt_receipt=cs_/);
    expect(paying.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    const sessionId = new URL(paying.headers.get("location")!, "http://shop.test").searchParams.get("session_id")!;
    const browser = `${buyer}; ${receipt}`;
    const paidAnswer = await call(pay, `/payment?session_id=${sessionId}`, {
      method: "POST",
      body: paymentForm(),
      headers: { cookie: browser },
    });
    expect(paidAnswer.status).toBe(302);
    const confirmationUrl = `/order-confirmation?session_id=${sessionId}`;
    type Page = { verified: { success: boolean; session: { customer_email: string } } | null };
    const page = async (cookie?: string) =>
      (await (await call(confirmation, confirmationUrl, cookie ? { headers: { cookie } } : {})).json()) as Page;

    // The visitor has a cart of their own and the buyer's session id; a forged receipt cookie.
    const visitor = cookieOf(await post({ intent: "add", ...rashguard }))!;
    const forgedReceipt = `gt_receipt=${sessionId}.${"A".repeat(43)}`;
    for (const cookie of [undefined, visitor, `${visitor}; ${forgedReceipt}`, `${visitor}; gt_receipt=${sessionId}`]) {
      const shown = await page(cookie);
      expect(shown.verified, String(cookie)).toBeNull();
      expect(JSON.stringify(shown)).not.toContain("@");
    }
    const visitorCart = (await (await call(cartApiGet, "/api/cart", { headers: { cookie: visitor } })).json()) as CartAnswer;
    expect(visitorCart.lines).toHaveLength(1);

    // The browser that paid sees its receipt; the GET empties nothing (the payment's POST did).
    expect((await page(browser)).verified?.success).toBe(true);
  });

  it("X-SEC-20: POST /api/verify-order answers only the browser that paid; anyone else with the session id gets the unknown session's 404, without the e-mail", async () => {
    const buyer = cookieOf(await postPage({ intent: "add", ...rashguard }))!;
    const paying = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "pay", shippingMethod: "uk-standard" }),
      headers: { cookie: buyer, "x-client-address": "192.0.2.61" },
    });
    const sessionId = new URL(paying.headers.get("location")!, "http://shop.test").searchParams.get("session_id")!;
    const browser = `${buyer}; ${receiptOf(paying)!}`;
    const payment = { method: "POST", body: paymentForm(), headers: { cookie: browser } };
    expect((await call(pay, `/payment?session_id=${sessionId}`, payment)).status).toBe(302);
    const verify = (id: string, cookie?: string) =>
      call(verifyOrder, "/api/verify-order", postJson({ sessionId: id }, cookie ? { cookie } : {}));

    const rightful = await verify(sessionId, browser);
    expect(rightful.status).toBe(200);
    expect(await rightful.json()).toMatchObject({
      success: true,
      session: { customer_email: "ana@example.com", status: "paid" },
    });
    const unknown = await verify("cs_test_nobody_has_this_one");
    const unknownBody = await unknown.json();
    expect(unknown.status).toBe(404);
    const forged = `gt_receipt=${sessionId}.${"A".repeat(43)}`;
    const otherBuyers = (await receiptCookie(await testDb(), "cs_test_someone_else", {})).split(";")[0]!;
    for (const cookie of [undefined, buyer, forged, `gt_receipt=${sessionId}`, otherBuyers]) {
      const answer = await verify(sessionId, cookie);
      expect(answer.status, String(cookie)).toBe(404);
      const body = await answer.json();
      expect(body).toEqual(unknownBody);
      expect(JSON.stringify(body)).not.toContain("@");
    }
  });

  it("X-SEC-20: a buyer who opened two checkouts and paid the first still gets its receipt; the cookie keeps the last five", async () => {
    const buyer = cookieOf(await postPage({ intent: "add", ...rashguard }))!;
    const open = async (cookie: string) => {
      const response = await call(checkoutPage, "/checkout", {
        method: "POST",
        body: form({ intent: "pay", shippingMethod: "uk-standard" }),
        headers: { cookie, "x-client-address": "192.0.2.62" },
      });
      expect(response.status).toBe(303);
      const id = new URL(response.headers.get("location")!, "http://shop.test").searchParams.get("session_id")!;
      return { id, receipt: receiptOf(response)! };
    };
    const first = await open(buyer);
    // The second checkout, from the same browser: its cookie now names both, newest first.
    const second = await open(`${buyer}; ${first.receipt}`);
    expect(second.receipt).toContain(first.id);
    const browser = `${buyer}; ${second.receipt}`;
    const payment = { method: "POST", body: paymentForm(), headers: { cookie: browser } };
    expect((await call(pay, `/payment?session_id=${first.id}`, payment)).status).toBe(302);

    const shown = (await (
      await call(confirmation, `/order-confirmation?session_id=${first.id}`, { headers: { cookie: browser } })
    ).json()) as { verified: { success: boolean; session: { customer_email: string } } | null };
    expect(shown.verified).toMatchObject({ success: true, session: { customer_email: "ana@example.com" } });
    const verified = await call(verifyOrder, "/api/verify-order", postJson({ sessionId: first.id }, { cookie: browser }));
    expect(await verified.json()).toMatchObject({ success: true });
    // The unpaid second is this browser's too: pending, not the unknown answer.
    const pending = await call(verifyOrder, "/api/verify-order", postJson({ sessionId: second.id }, { cookie: browser }));
    expect(await pending.json()).toMatchObject({ success: false, session: { status: "pending" } });

    // Six checkouts in one browser: the five newest are kept, signed together.
    const db = await testDb();
    let cookie = "";
    for (let n = 1; n <= 6; n++) {
      const request = new Request("http://shop.test/", { headers: { cookie } });
      cookie = (await receiptCookie(db, `cs_test_kept_${n}`, {}, request)).split(";")[0]!;
    }
    const kept = await receiptSessions(db, new Request("http://shop.test/", { headers: { cookie } }));
    expect(kept).toEqual([6, 5, 4, 3, 2].map((n) => `cs_test_kept_${n}`));
    // A list edited by hand (an id added) is not signed: nothing counts.
    const edited = cookie.replace("cs_test_kept_6", "cs_test_kept_6~cs_test_someone_else");
    expect(await receiptSessions(db, new Request("http://shop.test/", { headers: { cookie: edited } }))).toEqual([]);
  });
});
