import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forgetCatalogue, loadCatalogue } from "~/catalogue/store.server";
import { auditLog, orders, shopSettings } from "~/db/schema";
import { DEFAULT_SHOP_SETTINGS, deliveryPromiseLines } from "~/policy/shop-settings";
import { action as settingsPut, loader as settingsGet } from "~/routes/api.admin.settings";
import { action as settingsPage } from "~/routes/admin.settings";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { loader as productPage } from "~/routes/product";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { loader as printSlips } from "~/routes/admin.orders.print";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const put = (body: unknown) =>
  call(settingsPut, "/api/admin/settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
    body: JSON.stringify(body),
  });
const get = () => call(settingsGet, "/api/admin/settings", { headers: { cookie } });

const shorts = { productId: "mens-england-no-gi-set", optionType: "Shorts", size: "M", quantity: 1 };

async function sessionOrder(body: Record<string, unknown>) {
  const response = await call(createSession, "/api/create-checkout-session", postJson(body));
  const answer = (await response.json()) as { sessionId?: string; error?: string };
  if (!answer.sessionId) return { status: response.status, error: answer.error };
  const db = await testDb();
  const [order] = await db
    .select()
    .from(orders)
    .where(eq(orders.paymentSessionId, answer.sessionId));
  return { status: response.status, order: order! };
}

const withDelivery = (over: {
  standard?: Partial<(typeof DEFAULT_SHOP_SETTINGS.delivery.methods)[number]>;
  express?: Partial<(typeof DEFAULT_SHOP_SETTINGS.delivery.methods)[number]>;
  freeStandardFromPence?: number | null;
}) => ({
  methods: [
    { ...DEFAULT_SHOP_SETTINGS.delivery.methods[0]!, ...over.standard },
    { ...DEFAULT_SHOP_SETTINGS.delivery.methods[1]!, ...over.express },
    DEFAULT_SHOP_SETTINGS.delivery.methods[2]!,
  ],
  freeStandardFromPence:
    over.freeStandardFromPence === undefined ? 7500 : over.freeStandardFromPence,
});

describe("X-TRUE-2: the shop's settings in the owner's hands", () => {
  it("X-TRUE-2: a fresh shop answers the defaults and keeps the specification's product-page sentences", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(DEFAULT_SHOP_SETTINGS);
    const catalogue = await loadCatalogue(await testDb(), Date.now());
    expect(deliveryPromiseLines(catalogue.settings)).toEqual({
      standard: "Standard UK delivery from £3.95",
      free: "Free shipping over £75",
      returns: "30-day returns",
    });
  });

  it("X-TRUE-2: bad values are refused with a sentence naming the field, and nothing is stored", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ returns: { days: 7 } }, "returns.days", /at least 14 days/],
      [
        { delivery: withDelivery({ express: { pricePence: -1 } }) },
        "delivery.methods[uk-express].pricePence",
        /cannot be negative/,
      ],
      [
        { delivery: withDelivery({ standard: { per: "parcel" as "item" } }) },
        "delivery.methods[uk-standard].per",
        /per must be "item" or "order"/,
      ],
      [
        { seller: { ...DEFAULT_SHOP_SETTINGS.seller, vatNumber: "12345" } },
        "seller.vatNumber",
        /VAT number must look like GB123456789/,
      ],
      [{ seller: { ...DEFAULT_SHOP_SETTINGS.seller, name: " " } }, "seller.name", /cannot be empty/],
      [{ colour: "red" }, "settings", /unknown field: colour/],
    ];
    for (const [body, field, message] of cases) {
      const response = await put(body);
      expect(response.status, field).toBe(400);
      const answer = (await response.json()) as { error: string; field: string };
      expect(answer.field).toBe(field);
      expect(answer.error).toMatch(message);
    }
    const db = await testDb();
    expect(await db.select().from(shopSettings)).toEqual([]);
  });

  it("X-TRUE-2: a save changes the product page's sentences, the checkout's charge and the return window, and is audited", async () => {
    const before = await sessionOrder({ cartItems: [shorts], shippingMethod: "uk-express" });
    expect(before.order).toMatchObject({ shippingPence: 899 });

    const response = await put({
      delivery: withDelivery({
        standard: { pricePence: 450, per: "order", leadTime: "3-4 working days" },
        express: { pricePence: 1250 },
        freeStandardFromPence: 10_000,
      }),
      returns: { days: 30 },
    });
    expect(response.status).toBe(200);
    const saved = (await response.json()) as typeof DEFAULT_SHOP_SETTINGS;
    expect(saved.returns.days).toBe(30);
    expect(saved.seller).toEqual(DEFAULT_SHOP_SETTINGS.seller);
    expect(await (await get()).json()).toEqual(saved);

    const page = await call(productPage, "/product/mens-england-no-gi-set", {}, {
      productId: "mens-england-no-gi-set",
    });
    const { delivery } = (await page.json()) as { delivery: Record<string, string> };
    expect(delivery).toEqual({
      standard: "Standard UK delivery £4.50 an order",
      free: "Free standard UK delivery on orders of £100 or more",
      returns: "30-day returns on unworn, non-personalised items",
    });

    const express = await sessionOrder({ cartItems: [shorts], shippingMethod: "uk-express" });
    expect(express.order).toMatchObject({ shippingMethod: "uk-express", shippingPence: 1250 });
    const standard = await sessionOrder({
      cartItems: [{ ...shorts, quantity: 3 }],
      shippingMethod: "uk-standard",
    });
    // £89.97 is under the new £100 threshold: one charge for the order.
    expect(standard.order).toMatchObject({ subtotalPence: 8997, shippingPence: 450 });

    const db = await testDb();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.subject, "settings")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor).toBe(OWNER.email);
    expect((audits[0]!.before as { returns: { days: number } }).returns.days).toBe(30);
    expect((audits[0]!.after as { returns: { days: number } }).returns.days).toBe(30);
  });

  it("X-TRUE-2: a method switched off is not charged for: the checkout refuses it with a sentence", async () => {
    expect(
      (await put({ delivery: withDelivery({ express: { enabled: false } }) })).status,
    ).toBe(200);
    const refused = await sessionOrder({ cartItems: [shorts], shippingMethod: "uk-express" });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatch(/UK express delivery is not offered at the moment/);
  });

  it("X-TRUE-2: the page's form saves without JavaScript and says a refusal beside its field", async () => {
    const form = new FormData();
    const values: Record<string, string> = {
      sellerName: "Grip Truth Ltd",
      sellerAddress: "1 High Street\nMiddlesbrough\nTS1 1AA",
      sellerEmail: "shop@griptruth.test",
      sellerVat: "",
      sellerCompany: "12345678",
      "uk-standard.enabled": "on",
      "uk-standard.price": "4.99",
      "uk-standard.per": "item",
      "uk-standard.leadTime": "2-5 working days",
      "uk-express.price": "9.99",
      "uk-express.per": "order",
      "uk-express.leadTime": "1-2 working days",
      "international.enabled": "on",
      "international.price": "15.99",
      "international.per": "order",
      "international.leadTime": "7-14 working days",
      freeFrom: "",
      returnDays: "21",
    };
    for (const [key, value] of Object.entries(values)) form.set(key, value);
    const ok = await call(settingsPage, "/admin/settings", {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(ok.status).toBe(200);
    const db = await testDb();
    forgetCatalogue(db);
    const { settings } = (await loadCatalogue(db, Date.now())).settings;
    expect(settings.seller).toEqual({
      name: "Grip Truth Ltd",
      postalAddress: ["1 High Street", "Middlesbrough", "TS1 1AA"],
      email: "shop@griptruth.test",
      vatNumber: null,
      companyNumber: "12345678",
      // X-OWN-1: left empty on the form, the returns address and notices address are null.
      returnsAddress: null,
      noticesTo: null,
    });
    expect(settings.delivery.freeStandardFromPence).toBeNull();
    expect(settings.delivery.methods.map((m) => [m.id, m.enabled, m.pricePence])).toEqual([
      ["uk-standard", true, 499],
      ["uk-express", false, 999],
      ["international", true, 1599],
    ]);
    expect(settings.returns.days).toBe(21);

    form.set("uk-express.price", "nine pounds");
    const bad = await call(settingsPage, "/admin/settings", {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(bad.status).toBe(400);
    const answer = (await bad.json()) as { error: string; field: string };
    expect(answer).toMatchObject({ field: "uk-express.price" });
    expect(answer.error).toMatch(/UK express price: enter an amount such as 3.99/);

    // Issue 56 (X-A11Y-10): every wrong field at once, a wrong amount not hiding the rest.
    form.set("sellerName", "");
    form.set("international.leadTime", "soon");
    form.set("returnDays", "7");
    const several = await call(settingsPage, "/admin/settings", {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    expect(several.status).toBe(400);
    const named = (await several.json()) as {
      error: string;
      field: string;
      fieldErrors: Record<string, string>;
    };
    expect(named.fieldErrors).toEqual({
      sellerName: "The seller's name cannot be empty.",
      "uk-express.price": "UK express price: enter an amount such as 3.99.",
      "international.leadTime": "A lead time needs its days (for example 2-5 working days).",
      returnDays:
        "The return window must be at least 14 days (the buyer's legal right to cancel).",
    });
    expect(named).toMatchObject({
      field: "sellerName",
      error: "The seller's name cannot be empty.",
    });
    // Without a wrong amount, the settings' own rules still name every field at once.
    form.set("uk-express.price", "9.99");
    const rules = (await (
      await call(settingsPage, "/admin/settings", {
        method: "POST",
        headers: { cookie },
        body: form,
      })
    ).json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(rules.fieldErrors)).toEqual([
      "sellerName",
      "international.leadTime",
      "returnDays",
    ]);
  });

  it("X-GIFT-2: the months a gift card lasts are a field of the page's form: saved, kept when left out, and a bad value refused at the field with what was typed", async () => {
    const post = async (months: string | undefined) => {
      const db = await testDb();
      forgetCatalogue(db);
      const { settings } = (await loadCatalogue(db, Date.now())).settings;
      const form = new FormData();
      form.set("sellerName", settings.seller.name);
      form.set("sellerAddress", settings.seller.postalAddress.join("\n"));
      form.set("sellerEmail", settings.seller.email);
      for (const method of settings.delivery.methods) {
        if (method.enabled) form.set(`${method.id}.enabled`, "on");
        form.set(`${method.id}.price`, (method.pricePence / 100).toFixed(2));
        form.set(`${method.id}.per`, method.per);
        form.set(`${method.id}.leadTime`, method.leadTime);
      }
      form.set("freeFrom", "");
      form.set("returnDays", String(settings.returns.days));
      if (months !== undefined) form.set("giftCardMonths", months);
      return call(settingsPage, "/admin/settings", { method: "POST", headers: { cookie }, body: form });
    };
    const saved = async () => {
      const db = await testDb();
      forgetCatalogue(db);
      return (await loadCatalogue(db, Date.now())).settings.settings.giftCards?.expiryMonths;
    };
    expect((await post("36")).status).toBe(200);
    expect(await saved()).toBe(36);
    expect(((await (await get()).json()) as { giftCards?: { expiryMonths: number } }).giftCards).toEqual({ expiryMonths: 36 });
    // A post from a form without the field keeps what is saved.
    expect((await post(undefined)).status).toBe(200);
    expect(await saved()).toBe(36);
    for (const [typed, sentence] of [
      ["6", /at least 12 months/],
      ["121", /at most 120 months/],
      ["two years", /whole number of months, from 12 to 120/],
      ["", /whole number of months, from 12 to 120/],
    ] as const) {
      const refused = await post(typed);
      expect(refused.status, typed).toBe(400);
      const answer = (await refused.json()) as { error: string; field: string; values: Record<string, string> };
      expect(answer).toMatchObject({ field: "giftCardMonths", values: { giftCardMonths: typed } });
      expect(answer.error).toMatch(sentence);
    }
    expect(await saved()).toBe(36);
  });

  it("X-TRUE-2 X-UK-2: the packing slip prints the seller's VAT number and e-mail as the owner set them", async () => {
    const order = await paidOrder();
    const response = await put({
      seller: {
        ...DEFAULT_SHOP_SETTINGS.seller,
        email: "orders@academy-kit.test",
        vatNumber: "GB987654321",
      },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const slips = (await (
      await call(printSlips, `/admin/orders/print?orders=${order.orderNumber}`, { headers: { cookie } })
    ).json()) as { sellerEmail: string; slips: { vat: { vatNumber: string } | null }[] };
    expect(slips.sellerEmail).toBe("orders@academy-kit.test");
    expect(slips.slips[0]!.vat?.vatNumber).toBe("GB987654321");
  });
});
