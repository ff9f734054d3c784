// @module-tag driver
// Tax that is right (issue 52): VAT by rate decided when the order is priced and stored with it,
// refunds by rate, and the owner's VAT return figures, on both drivers.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { issueGiftCardByHand } from "~/giftcards/admin.server";
import { shopDay } from "~/shared/gift-cards";
import { orderLines, orderRefunds, orders } from "~/db/schema";
import { quarterOf } from "~/flows/back-office/vat-return";
import { ukDay } from "~/flows/back-office/uk-days";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";
import { loader as orderApi } from "~/routes/api.admin.order";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { loader as vatApi } from "~/routes/api.admin.vat";
import { loader as vatCsv } from "~/routes/admin.vat-csv";
import { loader as productApi } from "~/routes/api.admin.product";
import { loader as productsCsv } from "~/routes/admin.products.export";
import { action as importApi } from "~/routes/api.admin.products-import";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, paymentForm, postJson } from "./helpers";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  VAT_NUMBER: "GB123456789",
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

const kidsRashguard = {
  productId: "kids-boro-beast-no-gi-set",
  optionType: "Rashguard",
  size: "8Y",
  quantity: 1,
};
const adultShorts = {
  productId: "mens-boro-beast-no-gi-set",
  optionType: "Shorts",
  size: "M",
  quantity: 1,
};

/** Checks out and pays with the sandbox card; the stored order. */
async function paidOrder(body: Json) {
  const response = await call(createSession, "/api/create-checkout-session", postJson(body));
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const paid = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    body: paymentForm({ postcode: "TS10 1AA" }),
  });
  expect(paid.status).toBe(302);
  const db = await testDb();
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  expect(order!.paidAt).not.toBeNull();
  return order!;
}

const refund = (orderNumber: string, body: unknown) =>
  call(refundApi, `/api/admin/orders/${orderNumber}/refunds`, postJson(body, { cookie }), {
    orderNumber,
  });

describe("X-VAT-2: VAT decided per line when the order is priced", () => {
  it("X-VAT-2 X-VAT-3: a kids' rashguard in 8Y with adult shorts and standard delivery: VAT = 20/120 of the shorts and their share of delivery, to the penny, stored on the order, its lines and its JSON", async () => {
    const order = await paidOrder({ cartItems: [kidsRashguard, adultShorts], shippingMethod: "uk-standard" });
    expect(order.subtotalPence).toBe(2799 + 2999);
    const delivery = order.shippingPence;
    expect(delivery).toBeGreaterThan(0);
    // The delivery goes with the goods by value: the shorts' share, in whole pence.
    const shortsShare = Math.round((delivery * 2999) / (2799 + 2999));
    const vat = Math.round(((2999 + shortsShare) * 20) / 120);
    expect(order.vatBreakdown).toEqual([
      { rate_percent: 20, net_pence: 2999 + shortsShare - vat, vat_pence: vat, gross_pence: 2999 + shortsShare },
      { rate_percent: 0, net_pence: 2799 + delivery - shortsShare, vat_pence: 0, gross_pence: 2799 + delivery - shortsShare },
    ]);
    // Before issue 52 the receipt said 20/120 of everything: the kids' rashguard's VAT is gone.
    expect(vat).toBeLessThan(Math.round((order.totalPence * 20) / 120));

    const db = await testDb();
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    expect(lines.map((l) => [l.vatRatePercent, l.vatPence])).toEqual([
      [0, 0],
      [20, Math.round((vat * 2999) / (2999 + shortsShare))],
    ]);

    const answer = await call(orderApi, `/api/admin/orders/${order.orderNumber}`, { headers: { cookie } }, {
      orderNumber: order.orderNumber,
    });
    const json = (await answer.json()) as Json & { lines: Json[] };
    expect(json.vat_breakdown).toEqual(order.vatBreakdown);
    expect(json.lines.map((l) => [l.vat_rate_percent, l.vat_pence])).toEqual(
      lines.map((l) => [l.vatRatePercent, l.vatPence]),
    );
  });

  it("X-VAT-2: a later change of a product's rate never changes a past order's VAT", async () => {
    const order = await paidOrder({ cartItems: [kidsRashguard, adultShorts] });
    const db = await testDb();
    const { products } = await import("~/db/schema");
    await db.update(products).set({ vatRate: "standard" }).where(eq(products.id, kidsRashguard.productId));
    try {
      const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(after!.vatBreakdown).toEqual(order.vatBreakdown);
    } finally {
      await db.update(products).set({ vatRate: "zero" }).where(eq(products.id, kidsRashguard.productId));
    }
  });
});

describe("X-VAT-4: refunds by rate", () => {
  it("X-VAT-4: a refund of the kids' line gives back no VAT; the shorts' line gives back its VAT; recorded with the refund", async () => {
    const order = await paidOrder({ cartItems: [kidsRashguard, adultShorts] });
    const db = await testDb();
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
    const kids = await refund(order.orderNumber, { amountPence: 2799, lineIds: [lines[0]!.id] });
    expect(kids.status).toBe(201);
    expect(await kids.json()).toMatchObject({
      vat_pence: 0,
      vat_breakdown: [{ rate_percent: 0, net_pence: 2799, vat_pence: 0, gross_pence: 2799 }],
    });
    const shorts = await refund(order.orderNumber, { amountPence: 2999, lineIds: [lines[1]!.id] });
    const standard = order.vatBreakdown[0]!;
    expect(await shorts.json()).toMatchObject({
      vat_pence: Math.round((2999 * standard.vat_pence) / standard.gross_pence),
    });
    const stored = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(stored.map((r) => r.vatPence).sort((a, b) => a - b)).toEqual([
      0,
      Math.round((2999 * standard.vat_pence) / standard.gross_pence),
    ]);
    // A line id that is not the order's is a clear 400.
    const bad = await refund(order.orderNumber, { amountPence: 1, lineIds: ["00000000-0000-4000-8000-000000000000"] });
    expect(bad.status).toBe(400);
  });
});

describe("X-VAT-5: the owner's VAT return figures", () => {
  it("X-VAT-5: the quarter's figures equal the sum of its orders less its refunds (box 1, box 6, by rate), in JSON and CSV", async () => {
    const mixed = await paidOrder({ cartItems: [kidsRashguard, adultShorts] });
    const adult = await paidOrder({ cartItems: [{ ...adultShorts, quantity: 3 }], discountCode: "SAVE10" });
    const kidsOnly = await paidOrder({ cartItems: [{ ...kidsRashguard, quantity: 2 }] });
    expect(kidsOnly.vatBreakdown).toEqual([
      { rate_percent: 0, net_pence: kidsOnly.totalPence, vat_pence: 0, gross_pence: kidsOnly.totalPence },
    ]);
    expect((await refund(mixed.orderNumber, { amountPence: 1000 })).status).toBe(201);
    expect((await refund(adult.orderNumber, {})).status).toBe(201);

    const db = await testDb();
    const all = await db.select().from(orders);
    const refunds = await db.select().from(orderRefunds);
    const sum = (bands: { rate_percent: number; net_pence: number; vat_pence: number }[], rate: number, field: "net_pence" | "vat_pence") =>
      bands.filter((b) => b.rate_percent === rate).reduce((acc, b) => acc + b[field], 0);
    const sales = all.flatMap((o) => o.vatBreakdown);
    const back = refunds.flatMap((r) => r.vatBreakdown);
    const expected = [20, 0].map((rate) => ({
      rate_percent: rate,
      sales_net_pence: sum(sales, rate, "net_pence"),
      sales_vat_pence: sum(sales, rate, "vat_pence"),
      refunds_net_pence: sum(back, rate, "net_pence"),
      refunds_vat_pence: sum(back, rate, "vat_pence"),
    }));
    const { from, to } = quarterOf(ukDay(new Date()));
    const answer = await call(vatApi, `/api/admin/vat?from=${from}&to=${to}`, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const figures = (await answer.json()) as Json;
    expect(Object.keys(figures).sort()).toEqual(["box1_vat_due_pence", "box6_sales_ex_vat_pence", "by_rate", "from", "outside_vat", "to"]);
    expect(figures).toEqual({
      from,
      to,
      box1_vat_due_pence: expected.reduce((acc, r) => acc + r.sales_vat_pence - r.refunds_vat_pence, 0),
      box6_sales_ex_vat_pence: expected.reduce((acc, r) => acc + r.sales_net_pence - r.refunds_net_pence, 0),
      by_rate: expected,
      outside_vat: { gift_cards_sold_pence: 0, gift_cards_refunded_pence: 0, why: expect.stringMatching(/outside the scope of VAT/) },
    });
    expect(figures.box1_vat_due_pence).toBeGreaterThan(0);

    // A period before the orders: nothing.
    const empty = await call(vatApi, "/api/admin/vat?from=2020-01-01&to=2020-03-31", { headers: { cookie } });
    expect(await empty.json()).toMatchObject({ box1_vat_due_pence: 0, box6_sales_ex_vat_pence: 0 });

    // The CSV: every paid order and refund of the period, with net, VAT and gross by rate.
    const csv = await call(vatCsv, `/admin/vat.csv?from=${from}&to=${to}`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const rows = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(rows[0]).toBe("type,date,order_number,gross,net_20,vat_20,gross_20,net_0,vat_0,gross_0,gift_cards_outside_vat");
    expect(rows.filter((row) => row.startsWith("sale,"))).toHaveLength(3);
    expect(rows.filter((row) => row.startsWith("refund,"))).toHaveLength(2);
    expect(rows.some((row) => row.startsWith("sale,") && row.includes(mixed.orderNumber))).toBe(true);
  });

  it("X-GIFT-7: a kids' (zero-rated) and adult (standard-rated) order paid £20 by gift card, refunded in part, gives VAT back by rate to the penny; a gift card sold and refunded is in no box and said to be outside VAT, on the page and in the CSV", async () => {
    const shop = theShop();
    const db = await testDb();
    const { code } = await issueGiftCardByHand(db, {
      amountPence: 2000,
      recipientName: "Kai",
      reason: "Prize",
      actor: OWNER.email,
      today: shopDay(shop.clock.now()),
      expiryMonths: 24,
      now: shop.clock.now(),
    });
    // Kids' rashguard £27.99 (zero-rated) + adult shorts £29.99 (standard), UK standard delivery
    // 2 × £3.99 = £7.98, split by the goods' value: £7.98 × 2999/5798 = £4.1276 → £4.13 (the
    // larger remainder takes the penny) to 20%, £3.85 to zero. 20%: £29.99 + £4.13 = £34.12
    // gross, VAT 3412 × 20/120 = 568.67 → £5.69. Zero: £27.99 + £3.85 = £31.84. Total £65.96.
    const order = await paidOrder({ cartItems: [kidsRashguard, adultShorts], giftCards: [code] });
    expect(order.totalPence).toBe(6596);
    expect(order.giftCardPence).toBe(2000);
    expect(order.vatBreakdown).toEqual([
      { rate_percent: 20, net_pence: 2843, vat_pence: 569, gross_pence: 3412 },
      { rate_percent: 0, net_pence: 3184, vat_pence: 0, gross_pence: 3184 },
    ]);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);

    // Refund 1: the shorts (£29.99), the gift card first. Gift card part £20.00 at 20%:
    // 2000 × 569/3412 = 333.53 → £3.34. Card part £9.99: all of the shorts, 2999 × 569/3412 =
    // 500.13 → £5.00, less the £3.34 given back: £1.66. Together £5.00, the shorts' VAT.
    const shorts = await refund(order.orderNumber, { amountPence: 2999, lineIds: [lines[1]!.id] });
    expect(shorts.status).toBe(201);
    const rows = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    const byProvider = (provider: string) => rows.filter((row) => row.provider === provider);
    expect(byProvider("gift_card").map((row) => row.vatBreakdown)).toEqual([[{ rate_percent: 20, net_pence: 1666, vat_pence: 334, gross_pence: 2000 }]]);
    expect(byProvider("sandbox").map((row) => row.vatBreakdown)).toEqual([[{ rate_percent: 20, net_pence: 833, vat_pence: 166, gross_pence: 999 }]]);

    // Refund 2: the kids' line with its delivery share (£31.84), to the card (the gift card has
    // had all it paid): zero-rated, no VAT.
    const kids = await refund(order.orderNumber, { amountPence: 3184, lineIds: [lines[0]!.id] });
    expect(kids.status).toBe(201);
    expect(await kids.json()).toMatchObject({ vat_pence: 0, vat_breakdown: [{ rate_percent: 0, net_pence: 3184, vat_pence: 0, gross_pence: 3184 }] });

    // A £25 gift card sold in the period and then refunded in full (unspent): outside VAT.
    const bought = await paidOrder({
      cartItems: [{ productId: "gift-card", amountPence: 2500, recipientName: "Maya", recipientEmail: "maya@example.com" }],
    });
    expect(bought.totalPence).toBe(2500);
    const back = await refund(bought.orderNumber, {});
    expect(back.status).toBe(201);
    expect(await back.json()).toMatchObject({ amount_pence: 2500, vat_pence: 0, vat_breakdown: [] });

    // The figures, by hand: sales 20% net £28.43 VAT £5.69, zero £31.84; refunds 20% net £16.66 +
    // £8.33 = £24.99, VAT £5.00, zero £31.84. Box 1 = 569 − 500 = £0.69; box 6 = 2843 + 3184 −
    // 2499 − 3184 = £3.44. The gift card's £25 is in neither, at no rate.
    const { from, to } = quarterOf(ukDay(shop.clock.now()));
    const figures = (await (await call(vatApi, `/api/admin/vat?from=${from}&to=${to}`, { headers: { cookie } })).json()) as Json;
    expect(figures).toEqual({
      from,
      to,
      box1_vat_due_pence: 69,
      box6_sales_ex_vat_pence: 344,
      by_rate: [
        { rate_percent: 20, sales_net_pence: 2843, sales_vat_pence: 569, refunds_net_pence: 2499, refunds_vat_pence: 500 },
        { rate_percent: 0, sales_net_pence: 3184, sales_vat_pence: 0, refunds_net_pence: 3184, refunds_vat_pence: 0 },
      ],
      outside_vat: {
        gift_cards_sold_pence: 2500,
        gift_cards_refunded_pence: 2500,
        why: expect.stringMatching(/^Gift cards are multi-purpose vouchers .*outside the scope of VAT, so it is in no box and at no rate/),
      },
    });

    // The CSV says the same: the card's sale and its refund in the last column, at no rate.
    const csv = (await (await call(vatCsv, `/admin/vat.csv?from=${from}&to=${to}`, { headers: { cookie } })).text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]!.split(",").at(-1)).toBe("gift_cards_outside_vat");
    const cardRows = csv.filter((row) => row.includes(`,${bought.orderNumber},`));
    expect(cardRows.map((row) => [row.split(",")[0], row.split(",")[3], row.split(",").at(-1)]).sort()).toEqual([
      ["refund", "0.00", "25.00"],
      ["sale", "0.00", "25.00"],
    ]);
  });

  it("X-VAT-5: bad dates are a clear 400; the figures are the owner's only", async () => {
    for (const query of ["from=2026-13-01&to=2026-12-31", "from=2026-10-01", "from=2026-12-31&to=2026-10-01", "quarter=2026-Q5"]) {
      const answer = await call(vatApi, `/api/admin/vat?${query}`, { headers: { cookie } });
      expect(answer.status, query).toBe(400);
      expect(((await answer.json()) as { error: string }).error, query).toMatch(/\./);
    }
    const anonymous = await call(vatApi, "/api/admin/vat?from=2026-10-01&to=2026-12-31");
    expect(anonymous.status).toBe(401);
  });
});

describe("X-VAT-1: a VAT rate per product", () => {
  it("X-VAT-1: the product JSON and the CSV carry the rate and the standard-rated sizes", async () => {
    const answer = await call(productApi, `/api/admin/products/${kidsRashguard.productId}`, { headers: { cookie } }, {
      id: kidsRashguard.productId,
    });
    expect(await answer.json()).toMatchObject({ vatRate: "zero" });
    const adult = await call(productApi, `/api/admin/products/${adultShorts.productId}`, { headers: { cookie } }, {
      id: adultShorts.productId,
    });
    expect(await adult.json()).toMatchObject({ vatRate: "standard" });
    const csv = await (await call(productsCsv, "/admin/products/export.csv", { headers: { cookie } })).text();
    const [header, ...rows] = csv.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(header!.split(",").slice(-2)).toEqual(["vat_rate", "standard_rated_sizes"]);
    expect(rows.find((row) => row.startsWith(`${kidsRashguard.productId},`))).toMatch(/,zero,$/);
    expect(rows.find((row) => row.startsWith("water-bottle,"))).toMatch(/,standard,$/);
  });

  it("X-VAT-1: a CSV import sets the rate and the standard-rated sizes; a file without those columns keeps them", async () => {
    const csvImport = (csv: string) =>
      call(importApi, "/api/admin/products/import", {
        method: "POST",
        headers: { "Content-Type": "text/csv", cookie },
        body: csv,
      });
    const old =
      "id,name,category,status,option,price,compare_at_price,sizes,custom_price,belt_ranks,colors,description";
    const rows = (tail: string) =>
      [
        `vat-kids-top,VAT Kids Top,KIDS,draft,Rashguard,19.99,,8Y|14Y,,,,A top.${tail}`,
      ].join("\n");
    const created = await csvImport(`${old},vat_rate,standard_rated_sizes\n${rows(",zero,14Y")}`);
    expect(created.status).toBe(200);
    const read = async () =>
      (await (
        await call(productApi, "/api/admin/products/vat-kids-top", { headers: { cookie } }, { id: "vat-kids-top" })
      ).json()) as { vatRate: string; options: { standardRatedSizes?: string[] }[] };
    expect(await read()).toMatchObject({ vatRate: "zero", options: [{ standardRatedSizes: ["14Y"] }] });
    // An older file (no VAT columns) changes neither.
    const kept = await csvImport(`${old}\n${rows("")}`);
    expect(await kept.json()).toEqual({ created: 0, updated: 0 });
    expect(await read()).toMatchObject({ vatRate: "zero", options: [{ standardRatedSizes: ["14Y"] }] });
    // A rate it does not know is named by row and column.
    const bad = await csvImport(`${old},vat_rate\n${rows(",reduced")}`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ errors: [{ row: 2, column: "vat_rate" }] });
  });
});
