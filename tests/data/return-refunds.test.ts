import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { auditLog, orderLines, orderRefunds, orders, returnRequests, variantStock } from "~/db/schema";
import { createReturnRequest } from "~/returns/requests.server";
import { action as returnsAction, loader as returnsPage } from "~/routes/admin.returns";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox } from "./helpers";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const bottle = { productId: "water-bottle", optionType: "Standard", size: "N/A", color: "" };

async function shelf() {
  const [row] = await (await testDb())
    .select()
    .from(variantStock)
    .where(and(eq(variantStock.productId, bottle.productId), eq(variantStock.size, bottle.size)));
  return row?.quantity;
}

/** A dispatched order whose two water bottles are sent back. */
async function returnedBottles(email: string) {
  const order = await paidOrder({ email });
  const db = await testDb();
  await db.update(orders).set({ fulfilmentStatus: "dispatched", dispatchedAt: new Date() }).where(eq(orders.id, order.id));
  const [line] = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), eq(orderLines.productId, "water-bottle")));
  const created = await createReturnRequest(db, { orderNumber: order.orderNumber, email, lineIds: [line!.id], reason: "Too big" }, theShop().settings, new Date());
  if (!created.ok) throw new Error(created.message);
  const [request] = await db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id));
  return { order, id: request!.id };
}

const post = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return call(returnsAction, "/admin/returns", { method: "POST", body: form, headers: { cookie } });
};

type Page = { requests: { id: string; status: string; linesValuePence: number; refundedAt: string | null; restockedAt: string | null }[]; restockable: string[] };
const page = async () => (await (await call(returnsPage, "/admin/returns", { headers: { cookie } })).json()) as Page;

describe("X-DAY-1: returns close the loop", () => {
  it("X-DAY-1: a received return is refunded (the returned lines' value suggested, asked first), restocked once, and reads Refunded", { tags: ["race"] }, async () => {
    const db = await testDb();
    await db.insert(variantStock).values({ ...bottle, quantity: 5 }).onConflictDoUpdate({ target: [variantStock.productId, variantStock.optionType, variantStock.size, variantStock.color], set: { quantity: 5 } });
    const { order, id } = await returnedBottles("loop@example.com");
    // The order took its two from stock.
    expect(await shelf()).toBe(3);

    // Not before the items are in.
    expect((await post({ intent: "refund", id, amount: "1", confirmed: "yes" })).status).toBe(409);
    expect((await post({ intent: "restock", id })).status).toBe(409);
    expect((await page()).restockable).not.toContain(id);
    expect((await post({ intent: "received", id })).status).toBe(200);

    let listed = (await page()).requests.find((r) => r.id === id)!;
    // Two bottles at £12.99 less the order's 10%: £25.98 - £2.60.
    expect(listed).toMatchObject({ status: "received", linesValuePence: 2338 });
    expect((await page()).restockable).toContain(id);

    // The refund asks first.
    let response = await post({ intent: "refund", id, amount: "23.38" });
    expect(response.status).toBe(200);
    const asked = (await response.json()) as { confirm: Record<string, unknown> };
    expect(asked.confirm).toMatchObject({ kind: "refund", amountPence: 2338, returnId: id, returnReference: expect.stringMatching(/^RR-/) });
    expect((await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)))).toHaveLength(0);

    // Confirmed, twice at once: one refund.
    const both = await Promise.all([
      post({ intent: "refund", id, amount: "23.38", confirmed: "yes" }),
      post({ intent: "refund", id, amount: "23.38", confirmed: "yes" }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountPence: 2338, reason: `Returned items (${asked.confirm.returnReference as string})` });
    const [stored] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(stored).toMatchObject({ status: "refunded", refundId: refunds[0]!.id });
    listed = (await page()).requests.find((r) => r.id === id)!;
    expect(listed.status).toBe("refunded");
    const mails = (await outbox()).map((m) => decodeMail(m.text)).filter((t) => t.includes("To: loop@example.com") && t.includes("We have refunded"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("We have refunded £23.38");

    // Put back in stock, once.
    response = await post({ intent: "restock", id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: "Put back in stock: 2 items." });
    expect(await shelf()).toBe(5);
    expect((await post({ intent: "restock", id })).status).toBe(409);
    expect(await shelf()).toBe(5);
    expect((await page()).restockable).not.toContain(id);
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, `return:${asked.confirm.returnReference as string}`));
    expect(audit.map((a) => a.action)).toEqual(["return.received", "return.refunded", "return.restocked"]);
  });

  it("X-DAY-1: a refused amount leaves the return to refund; a made-to-order variant is not offered for stock", async () => {
    const db = await testDb();
    await db.delete(variantStock).where(eq(variantStock.productId, bottle.productId));
    const { id } = await returnedBottles("refused@example.com");
    expect((await post({ intent: "received", id })).status).toBe(200);
    expect((await page()).restockable).not.toContain(id);
    expect((await post({ intent: "refund", id, amount: "" })).status).toBe(400);
    const tooMuch = await post({ intent: "refund", id, amount: "9999", confirmed: "yes" });
    expect(tooMuch.status).toBe(409);
    const [stored] = await db.select().from(returnRequests).where(eq(returnRequests.id, id));
    expect(stored).toMatchObject({ status: "received", refundedAt: null, refundId: null });
    expect((await post({ intent: "refund", id, amount: "5", confirmed: "yes" })).status).toBe(200);
    expect((await post({ intent: "refund", id: "not-an-id", amount: "5", confirmed: "yes" })).status).toBe(404);
  });
});
