import { and, asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, orderLines, orderRefunds, orders } from "~/db/schema";
import { cancelTeam, teamPageAction } from "~/flows/teams/batch.server";
import { changeOrderStatus } from "~/orders/workflow.server";
import { CONFIRMED } from "~/flows/back-office/confirm-step";
import { loader as orderApi } from "~/routes/api.admin.order";
import { loader as slipPage } from "~/routes/admin.orders.print";
import { OWNER } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, theShop, useOtherProcessDb, useTestSettings } from "./shop";
import { makeTeam, memberPays, rashguard, teamGi, useTeamShop } from "./team-fixtures";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const otherProcessDb = useOtherProcessDb();

const owner = useTeamShop();

/** An ordinary gi, bought beside the team's in the same cart (no team, no text). */
const ordinaryGi = { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A3", quantity: 1 };

/** Jordan buys a team gi with a printed name and an ordinary gi; Ana only a team rashguard. */
async function twoMembers() {
  const team = await makeTeam(owner.cookie, { delivery: "individual", deliveryAddress: undefined });
  await memberPays([teamGi(team.slug, { printName: "JORDAN" }), ordinaryGi], {
    firstName: "Jordan",
    lastName: "Lee",
    email: "jordan@example.com",
  });
  await memberPays([rashguard(team.slug, { printName: "ANA" })], {
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.com",
  });
  const db = await testDb();
  const [jordan] = await db.select().from(orders).where(eq(orders.customerEmail, "jordan@example.com"));
  const [ana] = await db.select().from(orders).where(eq(orders.customerEmail, "ana@example.com"));
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, jordan!.id)).orderBy(asc(orderLines.position));
  return { slug: team.slug, jordan: jordan!, ana: ana!, teamLine: lines.find((l) => l.teamSlug)!, ordinaryLine: lines.find((l) => !l.teamSlug)! };
}

describe(`issue 41: cancelling a team touches only the team's lines (${TEST_DRIVER})`, () => {
  it("X-TEAM-5: the team's cancel refunds exactly the team line of a mixed order, which is still to ship; a team-only order is cancelled in full", async () => {
    const { slug, jordan, ana, teamLine, ordinaryLine } = await twoMembers();
    const db = await testDb();
    expect(teamLine.lineTotalPence).toBe(7500);
    expect(ordinaryLine.lineTotalPence).toBeGreaterThan(0);

    // The confirming step names what will be refunded: Ana's whole order and Jordan's team line.
    const step = await teamPageAction(db, slug, formOf({ intent: "cancel" }), OWNER.email, theShop());
    expect(step.ok && "confirm" in step.data && step.data.confirm).toMatchObject({ kind: "team-cancel", orders: 2, refundPence: ana.totalPence + 7500 });

    const result = await teamPageAction(db, slug, formOf({ intent: "cancel", confirmed: CONFIRMED }), OWNER.email, theShop());
    expect(result.ok).toBe(true);

    const [after] = await db.select().from(orders).where(eq(orders.id, jordan.id));
    expect(after).toMatchObject({ paymentStatus: "partly_refunded", fulfilmentStatus: "unfulfilled", refundedPence: 7500 });
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, jordan.id));
    expect(refunds.map((r) => [r.amountPence, r.status])).toEqual([[7500, "succeeded"]]);
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, jordan.id));
    expect(lines.find((l) => l.id === teamLine.id)!.cancelledAt).toBeInstanceOf(Date);
    expect(lines.find((l) => l.id === ordinaryLine.id)!.cancelledAt).toBeNull();

    const [anaAfter] = await db.select().from(orders).where(eq(orders.id, ana.id));
    expect(anaAfter).toMatchObject({ paymentStatus: "refunded", fulfilmentStatus: "cancelled", refundedPence: ana.totalPence });

    // The e-mail says which items were cancelled and which still come.
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "jordan@example.com"), like(mailOutbox.subject, "Part of your%")));
    expect(mail!.subject).toContain("£75.00 refunded");
    const [cancelledPart, keptPart] = mail!.text.split("The rest of your order is not cancelled");
    expect(cancelledPart).toContain("Name to print: JORDAN");
    expect(cancelledPart).not.toContain("Size: A3");
    expect(keptPart).toContain("Size: A3");
    expect(keptPart).not.toContain("JORDAN");

    // Asked again: nothing more is refunded.
    const again = await cancelTeam(db, slug, { refund: true }, OWNER.email, theShop());
    expect(again).toMatchObject({ ok: true, data: { cancelled: 0, refunded: 0 } });
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, jordan.id))).toHaveLength(1);

    // The order JSON and the packing slip: the team line is cancelled, not packed.
    const json = (await (await call(orderApi, `/api/admin/orders/${jordan.orderNumber}`, { headers: { cookie: owner.cookie } }, { orderNumber: jordan.orderNumber })).json()) as { lines: { print_name: string | null; cancelled_at: string | null }[] };
    expect(json.lines.map((l) => [l.print_name, l.cancelled_at === null])).toEqual([["JORDAN", false], [null, true]]);
    const slip = (await (await call(slipPage, `/admin/orders/print?orders=${jordan.orderNumber}`, { headers: { cookie: owner.cookie } })).json()) as { slips: { lines: { id: string }[] }[] };
    expect(slip.slips[0]!.lines.map((l) => l.id)).toEqual([ordinaryLine.id]);

    // The ordinary line is made and shipped; the dispatch e-mail lists only it.
    expect(await changeOrderStatus(db, jordan.orderNumber, { status: "in_production" }, OWNER.email)).toMatchObject({ ok: true, changed: true });
    expect(await changeOrderStatus(db, jordan.orderNumber, { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" }, OWNER.email)).toMatchObject({ ok: true, changed: true });
    const [sent] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "jordan@example.com"), like(mailOutbox.subject, "%has been dispatched")));
    expect(sent!.text).toContain("In the parcel:\n- 1 × ");
    expect(sent!.text).toContain("Size: A3");
    expect(sent!.text).not.toContain("JORDAN");
  });

  it("X-TEAM-5: a dispatch e-mail lists the lines sent with the printed names", async () => {
    const team = await makeTeam(owner.cookie);
    await memberPays([teamGi(team.slug, { printName: "KAI" })], { firstName: "Kai", lastName: "Ng", email: "kai@example.com" });
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.customerEmail, "kai@example.com"));
    await changeOrderStatus(db, order!.orderNumber, { status: "in_production" }, OWNER.email);
    await changeOrderStatus(db, order!.orderNumber, { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" }, OWNER.email);
    const [sent] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "kai@example.com"), like(mailOutbox.subject, "%has been dispatched")));
    expect(sent!.text).toMatch(/In the parcel:\n- 1 × .*Size: A2.*REDCAR BJJ.*Name to print: KAI/);
  });

  it("X-TEAM-5: two cancels of the team raced on two pools refund the mixed order's team line once", { tags: ["race"] }, async () => {
    const { slug, jordan } = await twoMembers();
    const db = await testDb();
    const other = await otherProcessDb();
    const results = await Promise.all([
      cancelTeam(db, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(other, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(db, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(other, slug, { refund: true }, OWNER.email, theShop()),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const totals = results.map((r) => (r.ok ? r.data : { cancelled: 0, refunded: 0 }));
    expect(totals.reduce((sum, r) => sum + r.refunded, 0)).toBe(2);
    expect(totals.reduce((sum, r) => sum + r.cancelled, 0)).toBe(2);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, jordan.id));
    expect(refunds.map((r) => r.amountPence)).toEqual([7500]);
    const [after] = await db.select().from(orders).where(eq(orders.id, jordan.id));
    expect(after).toMatchObject({ paymentStatus: "partly_refunded", fulfilmentStatus: "unfulfilled", refundedPence: 7500 });
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "jordan@example.com"));
    expect(told.filter((m) => /refunded/i.test(m.subject))).toHaveLength(1);
  });
});

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}
