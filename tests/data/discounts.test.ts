import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seeded as findProduct } from "~/catalogue/seed/catalogue";
import { testDb, useTestSettings } from "./shop";
import { auditLog, discountCodes, orders } from "~/db/schema";
import { expireDueOrders } from "~/orders/expiry.server";
import { markOrderCancelled, markOrderPaid } from "~/orders/orders.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as validate } from "~/routes/api.discounts.validate";
import { action as createApi, loader as listApi } from "~/routes/api.admin.discounts";
import { action as patchApi } from "~/routes/api.admin.discount";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { action as discountsPage } from "~/routes/admin.discounts";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";
import { statusIsSql } from "~/orders/states.server";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const kneePads = { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 };
const KNEE_PADS_PENCE = findProduct("knee-pads")!.pricePence;

let buyer = 0;
/** Each checkout from an address of its own (each has its own quota). */
const from = () => ({ "x-client-address": `198.51.100.${(buyer++ % 250) + 1}` });

function checkout(discountCode: string, cartItems: unknown[] = [{ ...kneePads }]) {
  return call(createSession, "/api/create-checkout-session", postJson({ cartItems, discountCode }, from()));
}
function check(code: string, cartItems?: unknown[]) {
  return call(validate, "/api/discounts/validate", postJson({ code, cartItems }, from()));
}

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const create = (body: unknown, withCookie = true) =>
  call(createApi, "/api/admin/discounts", postJson(body, withCookie ? { cookie } : {}));
const patch = (code: string, body: unknown) =>
  call(
    patchApi,
    `/api/admin/discounts/${code}`,
    { ...postJson(body, { cookie }), method: "PATCH" },
    { code },
  );

async function usesOf(code: string) {
  const db = await testDb();
  const [row] = await db.select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.code, code));
  return row?.uses;
}

async function holding(code: string) {
  const db = await testDb();
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(sql`${orders.discountCode} = ${code} AND (${statusIsSql("pending")} OR ${statusIsSql("paid")})`);
  return Number(rows[0]?.n);
}

beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(discountCodes).where(sql`${discountCodes.code} NOT IN ('SAVE10', 'SAVE20')`);
  await db.update(discountCodes).set({ uses: 0 });
});

describe(`discount codes at checkout (${TEST_DRIVER})`, () => {
  it("X-OPS-9: 20 concurrent checkouts with a code limited to 1 use give one order holding it and 19 used-up answers", { tags: ["race"] }, async () => {
    expect((await create({ code: "ONEOFF", percent: 25, usageLimit: 1 })).status).toBe(201);
    const responses = await Promise.all(Array.from({ length: 20 }, () => checkout("oneoff")));
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.map((r, i) => [r.status, bodies[i]] as const).filter(([s]) => s !== 200);
    expect(refused).toHaveLength(19);
    for (const [status, body] of refused) {
      expect(status).toBe(409);
      expect(body).toEqual({ error: "This code has been used up." });
    }
    expect(await holding("ONEOFF")).toBe(1);
    expect(await usesOf("ONEOFF")).toBe(1);
    const db = await testDb();
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ discountCode: "ONEOFF", discountPercent: 25 });
    expect(order!.discountPence).toBe(Math.round(KNEE_PADS_PENCE * 0.25));
    // The code check says the same.
    const answer = await check("ONEOFF");
    expect(answer.status).toBe(409);
    expect(await answer.json()).toEqual({ error: "This code has been used up." });
  });

  it("X-OPS-9: the use comes back when the holding order expires, exactly once, and a paid order keeps its use", { tags: ["race"] }, async () => {
    await create({ code: "ONEOFF", percent: 10, usageLimit: 1 });
    expect((await checkout("ONEOFF")).status).toBe(200);
    expect((await checkout("ONEOFF")).status).toBe(409);
    const db = await testDb();
    await db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) });
    const [a, b] = await Promise.all([expireDueOrders(db, new Date()), expireDueOrders(db, new Date())]);
    expect([...a!, ...b!]).toHaveLength(1);
    expect(await usesOf("ONEOFF")).toBe(0);

    const again = await checkout("ONEOFF");
    expect(again.status).toBe(200);
    const [pending] = await db.select().from(orders).where(statusIsSql("pending"));
    await markOrderPaid(db, pending!.id, { customerEmail: "paid@example.com" });
    await db.update(orders).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(orders.id, pending!.id));
    expect(await expireDueOrders(db, new Date())).toEqual([]);
    expect(await usesOf("ONEOFF")).toBe(1);
    expect((await checkout("ONEOFF")).status).toBe(409);
  });

  it("X-OPS-9: cancelling gives the use back once, however many cancels race; the owner's cancel of a pending order too", { tags: ["race"] }, async () => {
    await create({ code: "TWICE", percent: 10, usageLimit: 2 });
    expect((await checkout("TWICE")).status).toBe(200);
    expect((await checkout("TWICE")).status).toBe(200);
    expect(await usesOf("TWICE")).toBe(2);
    const db = await testDb();
    const [first, second] = await db.select().from(orders);
    const results = await Promise.all(Array.from({ length: 5 }, () => markOrderCancelled(db, first!.id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await usesOf("TWICE")).toBe(1);

    const cancel = await call(
      statusApi,
      `/api/admin/orders/${second!.orderNumber}/status`,
      postJson({ status: "cancelled" }, { cookie }),
      { orderNumber: second!.orderNumber },
    );
    expect(cancel.status).toBe(200);
    expect(await usesOf("TWICE")).toBe(0);
    expect(await holding("TWICE")).toBe(0);
  });

  it("X-OPS-9: a code before its start or after its end is refused as invalid at the check and at checkout", async () => {
    const hour = 3_600_000;
    await create({ code: "LATER", percent: 10, startsAt: new Date(Date.now() + hour).toISOString() });
    await create({
      code: "OVER",
      percent: 10,
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    await create({
      code: "NOW",
      percent: 10,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    for (const code of ["LATER", "OVER"]) {
      const answer = await check(code);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: "Invalid discount code." });
      const refused = await checkout(code);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: "Invalid discount code." });
    }
    expect(await (await check("now")).json()).toEqual({ code: "NOW", percent: 10 });
    expect((await checkout("now")).status).toBe(200);
    expect(await usesOf("LATER")).toBe(0);
  });

  it("X-OPS-9: under the minimum spend (on the subtotal before discount) the code is refused with the amount", async () => {
    await create({ code: "BIGSPEND", percent: 50, minimumSpendPence: 2 * KNEE_PADS_PENCE });
    const message = `This code needs a subtotal of £${((2 * KNEE_PADS_PENCE) / 100).toFixed(2)} or more.`;
    const answer = await check("BIGSPEND", [{ ...kneePads }]);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: message });
    const refused = await checkout("BIGSPEND");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: message });
    // Exactly the minimum, before the 50% comes off, is enough.
    expect((await check("BIGSPEND", [{ ...kneePads, quantity: 2 }])).status).toBe(200);
    expect((await checkout("BIGSPEND", [{ ...kneePads, quantity: 2 }])).status).toBe(200);
    // Without a cart the check cannot know the subtotal; checkout decides.
    expect((await check("BIGSPEND")).status).toBe(200);
  });

  it("S-CHK-3 X-OPS-9: SAVE10 and SAVE20 are listed and keep working; unknown and disabled codes are invalid", async () => {
    const list = await call(listApi, "/api/admin/discounts", { headers: { cookie } });
    expect(list.status).toBe(200);
    const { discounts } = (await list.json()) as { discounts: { code: string; percent: number }[] };
    expect(discounts.map((d) => [d.code, d.percent])).toEqual(
      expect.arrayContaining([
        ["SAVE10", 10],
        ["SAVE20", 20],
      ]),
    );
    expect(await (await check(" save20 ")).json()).toEqual({ code: "SAVE20", percent: 20 });
    expect((await checkout("SAVE10")).status).toBe(200);
    expect((await check("NOPE")).status).toBe(404);
    expect((await patch("SAVE20", { active: false })).status).toBe(200);
    expect(await (await check("SAVE20")).json()).toEqual({ error: "Invalid discount code." });
    expect((await checkout("SAVE20")).status).toBe(400);
    expect((await patch("SAVE20", { active: true })).status).toBe(200);
  });
});

describe(`the owner's discount codes (${TEST_DRIVER})`, () => {
  it("X-OPS-9 X-OPS-10: create (201, 409 when it exists), edit any field, every change audited", async () => {
    const created = await create({
      code: "academy-15",
      percent: 15,
      usageLimit: 30,
      minimumSpendPence: 5000,
      endsAt: "2030-01-01T00:00:00Z",
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      code: "ACADEMY-15",
      percent: 15,
      active: true,
      startsAt: null,
      endsAt: "2030-01-01T00:00:00.000Z",
      usageLimit: 30,
      uses: 0,
      minimumSpendPence: 5000,
    });
    const again = await create({ code: "ACADEMY-15", percent: 5 });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "The code ACADEMY-15 already exists." });

    const edited = await patch("academy-15", { percent: 20, usageLimit: null, endsAt: null });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ percent: 20, usageLimit: null, endsAt: null, minimumSpendPence: 5000 });

    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, "discount:ACADEMY-15"));
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ["discount.create", OWNER.email],
      ["discount.update", OWNER.email],
    ]);
    expect(audit[1]!.before).toMatchObject({ percent: 15, usageLimit: 30 });
    expect(audit[1]!.after).toMatchObject({ percent: 20, usageLimit: null });
  });

  it("X-OPS-9: bad input is a 400 with a clear message; an unknown code 404; no session 401", async () => {
    const cases: [unknown, string][] = [
      [{ code: "X", percent: 10 }, "The code must be 2 to 40 letters, digits, - or _."],
      [{ code: "GOOD", percent: 0 }, "The percentage must be a whole number from 1 to 100."],
      [{ code: "GOOD", percent: 101 }, "The percentage must be a whole number from 1 to 100."],
      [{ code: "GOOD", percent: 10, usageLimit: 0 }, "The usage limit must be a whole number of 1 or more, or empty for none."],
      [{ code: "GOOD", percent: 10, minimumSpendPence: -1 }, "The minimum spend must be a whole number of pence, 0 or more, or empty."],
      [{ code: "GOOD", percent: 10, startsAt: "tomorrow" }, "Dates must be ISO 8601 times with a time zone, e.g. 2026-12-01T09:00:00Z."],
      [
        { code: "GOOD", percent: 10, startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z" },
        "The end must be after the start.",
      ],
      [{ code: "GOOD", percent: 10, uses: 5 }, "Unknown field uses."],
    ];
    for (const [body, error] of cases) {
      const response = await create(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    expect((await create("not json{")).status).toBe(400);
    const missing = await patch("NOSUCHCODE", { percent: 10 });
    expect(missing.status).toBe(404);
    await create({ code: "DATED", percent: 10, endsAt: "2030-01-01T00:00:00Z" });
    const backwards = await patch("DATED", { startsAt: "2030-06-01T00:00:00Z" });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toEqual({ error: "The end must be after the start." });
    expect((await create({ code: "NOPE", percent: 10 }, false)).status).toBe(401);
    expect((await call(listApi, "/api/admin/discounts")).status).toBe(401);
  });

  it("X-OPS-9: the page's form takes UK times and pounds", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("code", "summer");
    form.set("percent", "12");
    form.set("startsAt", "2030-07-01T09:00");
    form.set("endsAt", "2030-12-01T09:00");
    form.set("usageLimit", "");
    form.set("minimumSpend", "49.50");
    form.set("active", "on");
    const response = await call(discountsPage, "/admin/discounts", {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ message: "SUMMER created." });
    const db = await testDb();
    const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, "SUMMER"));
    expect(row!.startsAt!.toISOString()).toBe("2030-07-01T08:00:00.000Z");
    expect(row!.endsAt!.toISOString()).toBe("2030-12-01T09:00:00.000Z");
    expect(row).toMatchObject({ percent: 12, usageLimit: null, minimumSpendPence: 4950, active: true });
  });

  it("X-A11Y-10 (issue 56): the page's form names every wrong field at once and gives back what was typed", async () => {
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      return call(discountsPage, "/admin/discounts", { method: "POST", body: form, headers: { cookie } });
    };
    // Sent empty: the code and the percentage are named, nothing is made.
    const empty = await post({ intent: "create", code: "", percent: "" });
    expect(empty.status).toBe(400);
    const emptyAnswer = (await empty.json()) as { form: string; error: string; fieldErrors: object };
    expect(emptyAnswer.form).toBe("new");
    expect(Object.keys(emptyAnswer.fieldErrors)).toEqual(["code", "percent"]);
    expect(emptyAnswer.error).toMatch(/^The code must be 2 to \d+ letters, digits, - or _\.$/);
    const several = await post({
      intent: "create",
      code: "x",
      percent: "150",
      minimumSpend: "lots",
      startsAt: "2030-07-01T09:00",
      endsAt: "2030-06-01T09:00",
      usageLimit: "0",
      active: "on",
    });
    expect(several.status).toBe(400);
    const answer = (await several.json()) as {
      form: string;
      error: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(Object.keys(answer.fieldErrors).sort()).toEqual(
      ["code", "endsAt", "minimumSpend", "percent", "usageLimit"].sort(),
    );
    expect(answer.fieldErrors).toMatchObject({
      percent: "The percentage must be a whole number from 1 to 100.",
      minimumSpend: "The minimum spend must be an amount in pounds, e.g. 50.00.",
      endsAt: "The end must be after the start.",
      usageLimit: "The usage limit must be a whole number of 1 or more, or empty for none.",
    });
    expect(answer.error).toBe(answer.fieldErrors.code);
    expect(answer).toMatchObject({
      form: "new",
      values: { code: "x", percent: "150", minimumSpend: "lots", startsAt: "2030-07-01T09:00" },
    });
    // A code's own form: its refusal names that form, and nothing is changed.
    await post({ intent: "create", code: "OWNFORM", percent: "10" });
    const edit = await post({ intent: "edit", code: "OWNFORM", percent: "", minimumSpend: "1.999" });
    expect(edit.status).toBe(400);
    expect(await edit.json()).toMatchObject({
      form: "edit-OWNFORM",
      fieldErrors: {
        percent: "The percentage must be a whole number from 1 to 100.",
        minimumSpend: "The minimum spend must be an amount in pounds, e.g. 50.00.",
      },
    });
    // A code that exists is said at the code's field.
    const twice = await post({ intent: "create", code: "ownform", percent: "10" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      form: "new",
      fieldErrors: { code: "The code OWNFORM already exists." },
    });
  });
});
