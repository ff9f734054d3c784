import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { exchangeFulfilments, mailOutbox, orderLines, orders, teamEntries, teams, variantStock } from "~/db/schema";
import { dispatchExchange, exchangeSizesNow, receiveReturn } from "~/flows/returns/exchanges.server";
import { refundReturn } from "~/flows/returns/return-actions.server";
import { refundOrder } from "~/flows/refunds/refunds.server";
import { cancelTeam } from "~/flows/teams/batch.server";
import { createReturnRequest } from "~/returns/requests.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as entriesApi } from "~/routes/api.teams.entries";
import { action as payApi } from "~/routes/api.teams.pay";
import { action as pay } from "~/routes/payment";
import { OWNER } from "./admin-fixtures";
import { call, paymentForm, postJson } from "./helpers";
import { testDb, theShop, useOtherProcessDb, useTestSettings } from "./shop";
import { makeTeam, memberAddress, useTeamShop } from "./team-fixtures";
import { TEST_DRIVER } from "./setup";

// Issue 50, finding 4 and "also seen" (X-SEC-26): a return swapped for another size was refunded
// in full and its replacement then dispatched; a cancelled team's open checkout was paid after.

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
const owner = useTeamShop();
const otherProcessDb = useOtherProcessDb();

const EMAIL = "ana@example.com";
const SHORTS = { productId: "mens-england-no-gi-set", optionType: "Shorts", color: "" };
const ACTOR = "owner@example.com";
const ago = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A paid, delivered order of one pair of shorts in M. */
async function deliveredOrder() {
  const response = await call(createSession, "/api/create-checkout-session", postJson({ cartItems: [{ ...SHORTS, size: "M", quantity: 1 }] }));
  const { sessionId } = (await response.json()) as { sessionId: string };
  await call(pay, `/payment?session_id=${sessionId}`, { method: "POST", body: paymentForm({ email: EMAIL, postcode: "TS10 1AA" }) });
  const db = await testDb();
  const [order] = await db.update(orders).set({ dispatchedAt: ago(3), deliveredAt: ago(1) }).where(eq(orders.paymentSessionId, sessionId)).returning();
  const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  return { order: order!, line: line! };
}

/** The buyer sends M back for L. */
async function askForL(order: { orderNumber: string }, lineId: string) {
  const db = await testDb();
  const created = await createReturnRequest(
    db,
    { orderNumber: order.orderNumber, email: EMAIL, lineIds: [lineId], reason: "Too small", exchanges: { [lineId]: "L" } },
    theShop().settings,
    new Date(),
    await exchangeSizesNow(db, new Date()),
  );
  expect(created.ok).toBe(true);
  return created.ok ? created.request.id : "";
}

async function setL(quantity: number) {
  const db = await testDb();
  await db
    .insert(variantStock)
    .values({ ...SHORTS, size: "L", quantity })
    .onConflictDoUpdate({ target: [variantStock.productId, variantStock.optionType, variantStock.size, variantStock.color], set: { quantity } });
}

const orderOf = async (id: string) => (await (await testDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const exchangeOf = async (lineId: string) => (await (await testDb()).select().from(exchangeFulfilments).where(eq(exchangeFulfilments.orderLineId, lineId)))[0];
const DISPATCH = { carrier: "Royal Mail", trackingNumber: "RM123456785GB" };

describe(`X-SEC-26 money and exchanges agree (${TEST_DRIVER})`, () => {
  beforeEach(async () => {
    await (await testDb()).delete(variantStock).where(eq(variantStock.productId, SHORTS.productId));
  });

  it("X-SEC-26: a line exchanged for another size cannot also be refunded: the order's full refund and the return's refund are 409 with a sentence; the rest refunds; the replacement is sent", async () => {
    await setL(1);
    const { order, line } = await deliveredOrder();
    const db = await testDb();
    const requestId = await askForL(order, line.id);
    expect(await receiveReturn(db, requestId, ACTOR, new Date())).toMatchObject({ ok: true });
    expect(await exchangeOf(line.id)).toMatchObject({ status: "to_ship" });

    const full = await refundOrder(db, order.orderNumber, {}, ACTOR, theShop());
    expect(full).toMatchObject({ ok: false, kind: "conflict", message: expect.stringMatching(/paid for a size exchange .* cannot also be refunded/) });
    const ofReturn = await refundReturn(db, requestId, { amountPence: line.lineTotalPence }, ACTOR, theShop());
    expect(ofReturn).toMatchObject({ ok: false, message: expect.stringMatching(/size exchange/) });
    expect(await orderOf(order.id)).toMatchObject({ refundedPence: 0 });

    // What the exchange did not pay for (the delivery) can still be refunded.
    const rest = order.totalPence - line.lineTotalPence;
    if (rest > 0) {
      expect(await refundOrder(db, order.orderNumber, { amountPence: rest }, ACTOR, theShop())).toMatchObject({ ok: true });
      expect(await refundOrder(db, order.orderNumber, { amountPence: 1 }, ACTOR, theShop())).toMatchObject({ ok: false, kind: "conflict" });
    }
    expect(await dispatchExchange(db, order.orderNumber, (await exchangeOf(line.id))!.id, DISPATCH, ACTOR, new Date())).toMatchObject({ ok: true });
  });

  it("X-SEC-26: an exchange whose order was refunded in full (before this check) is never dispatched", async () => {
    await setL(1);
    const { order, line } = await deliveredOrder();
    const db = await testDb();
    await receiveReturn(db, await askForL(order, line.id), ACTOR, new Date());
    // The review's state: refunded 3,898 of 3,898 pence with the exchange still to send.
    await db.update(orders).set({ refundedPence: order.totalPence, paymentStatus: "refunded" }).where(eq(orders.id, order.id));
    const exchange = (await exchangeOf(line.id))!;
    expect(await dispatchExchange(db, order.orderNumber, exchange.id, DISPATCH, ACTOR, new Date())).toMatchObject({ ok: false, kind: "conflict", message: expect.stringMatching(/refunded, so the exchange is not sent/) });
    expect(await exchangeOf(line.id)).toMatchObject({ status: "to_ship", dispatchedAt: null });
  });

  it("X-SEC-26: the return's receipt and a full refund at once, on two pools: the line is exchanged or refunded, never both, and a refunded one is never sent", { tags: ["race"] }, async () => {
    const db = await testDb();
    const other = await otherProcessDb();
    for (let round = 0; round < 6; round++) {
      await setL(1);
      const { order, line } = await deliveredOrder();
      const requestId = await askForL(order, line.id);
      const [first, second]: [Database, Database] = round % 2 ? [db, other] : [other, db];
      const [received, refunded] = await Promise.all([
        receiveReturn(first, requestId, ACTOR, new Date()),
        refundOrder(second, order.orderNumber, {}, ACTOR, theShop()),
      ]);
      expect(received.ok, `round ${round}`).toBe(true);
      const now = await orderOf(order.id);
      const exchange = (await exchangeOf(line.id))!;
      if (refunded.ok) {
        expect(now.refundedPence, `round ${round}`).toBe(order.totalPence);
        expect(exchange.status, `round ${round}`).toBe("refund");
        expect(await dispatchExchange(db, order.orderNumber, exchange.id, DISPATCH, ACTOR, new Date())).toMatchObject({ ok: false, kind: "conflict" });
      } else {
        expect(refunded, `round ${round}`).toMatchObject({ kind: "conflict" });
        expect(now.refundedPence, `round ${round}`).toBe(0);
        expect(["to_ship", "to_make"], `round ${round}`).toContain(exchange.status);
      }
    }
  });

  it("X-SEC-26: cancelling a team closes the organiser's open checkout first: paying it afterwards pays nothing and tells no member it is paid", async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser" });
    const key = new URL(team.memberUrl).searchParams.get("key")!;
    const organiserKey = new URL(team.organiserUrl).searchParams.get("key")!;
    const entry = { key, name: "Jordan Lee", email: "jordan@example.com", productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2" };
    expect((await call(entriesApi, `/api/teams/${team.slug}/entries`, postJson(entry, memberAddress()), { slug: team.slug })).status).toBe(201);
    const paying = await call(payApi, `/api/teams/${team.slug}/pay`, postJson({ key: organiserKey }, memberAddress()), { slug: team.slug });
    expect(paying.status).toBe(200);
    const { sessionId } = (await paying.json()) as { sessionId: string };

    expect(await cancelTeam(await testDb(), team.slug, { refund: true }, ACTOR, theShop())).toMatchObject({ ok: true });
    const db = await testDb();
    const [open] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(open).toMatchObject({ fulfilmentStatus: "cancelled", paidAt: null });

    // The organiser pays the page still open in another tab.
    await call(pay, `/payment?session_id=${sessionId}`, { method: "POST", body: paymentForm({ email: "kim@example.com", postcode: "TS10 1AA" }) });
    const [after] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(after!.paidAt).toBeNull();
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "team-entry-paid"))).toEqual([]);
    const [row] = await db.select().from(teams).where(eq(teams.slug, team.slug));
    expect(row!.status).toBe("cancelled");
    expect((await db.select().from(teamEntries).where(eq(teamEntries.teamId, row!.id))).length).toBe(1);
  });
});
