import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { mailOutbox, orderLines, orders, teamEntries, teams } from "~/db/schema";
import { closeDueTeams } from "~/teams/closing.server";
import { organiserView } from "~/teams/teams.server";
import { OWNER } from "./admin-fixtures";
import { call, paymentForm, postJson } from "./helpers";
import { testDb, theShop, useTestSettings, useOtherProcessDb } from "./shop";
import { checkout, makeTeam, memberAddress, teamGi, useTeamShop } from "./team-fixtures";
import { action as entriesApi } from "~/routes/api.teams.entries";
import { action as payApi } from "~/routes/api.teams.pay";
import { action as pay } from "~/routes/payment";
import { loader as teamApi } from "~/routes/api.admin.team";
import { action as teamPageAction } from "~/routes/team";
import { action as entriesForm } from "~/routes/team-organiser-entries";
import { loader as organiserPage } from "~/routes/team-organiser";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SHOP_EMAIL: "shop@griptruth.test",
  OWNER_NOTIFICATIONS: "on",
});

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const otherProcessDb = useOtherProcessDb();

const owner = useTeamShop();

const organiserTeam = (over: Record<string, unknown> = {}) => makeTeam(owner.cookie, { payment: "organiser", ...over });
const keyOf = (organiserUrl: string) => new URL(organiserUrl).searchParams.get("key")!;

const entry = (over: Record<string, unknown> = {}) => ({
  name: "Jordan Lee",
  email: "jordan@example.com",
  productId: "mens-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "A2",
  printName: "JORDAN",
  ...over,
});

type Links = { slug: string; memberUrl: string; organiserUrl: string };
/** X-SEC-25: an entry carries the members' key from the shared link (else the organiser's). */
function sendEntry(team: Links, body: Record<string, unknown>, db?: Database) {
  const key = new URL(team.memberUrl).searchParams.get("key") ?? keyOf(team.organiserUrl);
  const { slug } = team;
  return call(entriesApi, `/api/teams/${slug}/entries`, postJson({ key, ...body }, memberAddress()), { slug }, db);
}
const NO_TEAM: Links = { slug: "no-such-team", memberUrl: `http://shop.test/team/no-such-team?key=${"a".repeat(32)}`, organiserUrl: `http://shop.test/team/no-such-team/organiser?key=${"a".repeat(32)}` };
function payFor(slug: string, key: string, db?: Database) {
  return call(payApi, `/api/teams/${slug}/pay`, postJson({ key }, memberAddress()), { slug }, db);
}

const THREE = [
  entry(),
  entry({ name: "Sam Park", email: "sam@example.com", size: "A3", printName: "SAM" }),
  entry({ name: "Ana Silva", email: "ana@example.com", productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", size: "M", beltRank: "Blue", printName: "ANA" }),
];

describe(`X-TEAM-7 the academy pays once (${TEST_DRIVER})`, () => {
  it("X-TEAM-7 three entries without cards, one payment for all; members told; nothing left to pay after", async () => {
    const team = await organiserTeam();
    for (const body of THREE) expect((await sendEntry(team, body)).status).toBe(201);
    // Bad entries are refused with a sentence; a member cannot pay by card here.
    const badSize = await sendEntry(team, entry({ size: "Z9" }));
    expect(badSize.status).toBe(400);
    expect(((await badSize.json()) as { error: string }).error).toMatch(/Choose one of the sizes/);
    const byCard = await checkout({ cartItems: [teamGi(team.slug)] });
    expect(byCard.status).toBe(409);
    expect(((await byCard.json()) as { error: string }).error).toMatch(/paid for by the organiser/);
    // A wrong key pays nothing.
    expect((await payFor(team.slug, "not-the-key")).status).toBe(404);

    const detail = (await (await call(teamApi, `/api/admin/teams/${team.slug}`, { headers: { cookie: owner.cookie } }, { slug: team.slug })).json()) as { payment: string; entries: { name: string; state: string; pricePence: number }[]; roster: unknown[] };
    expect(detail.payment).toBe("organiser");
    expect(detail.entries.map((e) => [e.name, e.state, e.pricePence])).toEqual([
      ["Jordan Lee", "to_pay", 7500],
      ["Sam Park", "to_pay", 7500],
      ["Ana Silva", "to_pay", 3000],
    ]);
    expect(detail.roster).toEqual([]);

    const started = await payFor(team.slug, keyOf(team.organiserUrl));
    expect(started.status).toBe(200);
    const { sessionId, url } = (await started.json()) as { sessionId: string; url: string };
    expect(url).toContain(sessionId);
    // While it is being paid, nothing else is left to pay.
    const again = await payFor(team.slug, keyOf(team.organiserUrl));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/Nothing is left to pay/);

    const paid = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
      method: "POST",
      body: paymentForm({ firstName: "Coach", lastName: "Dan", email: "dan@redcarbjj.test" }),
    });
    expect(paid.status).toBe(302);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({ paymentStatus: "paid", subtotalPence: 18000, shippingPence: 0, totalPence: 18000, teamDeliverySlug: team.slug });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => [l.memberName, l.printName, l.customText, l.teamSlug]).sort()).toEqual([
      ["Ana Silva", "ANA", "REDCAR BJJ", team.slug],
      ["Jordan Lee", "JORDAN", "REDCAR BJJ", team.slug],
      ["Sam Park", "SAM", "REDCAR BJJ", team.slug],
    ]);
    for (const email of ["jordan@example.com", "sam@example.com", "ana@example.com"]) {
      const told = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "team-entry-paid")));
      expect(told).toHaveLength(1);
    }
    const after = (await (await call(teamApi, `/api/admin/teams/${team.slug}`, { headers: { cookie: owner.cookie } }, { slug: team.slug })).json()) as { entries: { state: string; orderNumber: string }[]; roster: { memberName: string; printName: string }[] };
    expect(after.entries.every((e) => e.state === "paid" && e.orderNumber === order!.orderNumber)).toBe(true);
    expect(after.roster.map((r) => [r.memberName, r.printName])).toEqual([
      ["Jordan Lee", "JORDAN"],
      ["Sam Park", "SAM"],
      ["Ana Silva", "ANA"],
    ]);
    const last = await payFor(team.slug, keyOf(team.organiserUrl));
    expect(last.status).toBe(409);
  });

  it("X-TEAM-7 the same by forms: an entry from /team/<slug>, remove asked first, correct, and Pay for N items to the payment page", async () => {
    const team = await organiserTeam();
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } };
    };
    const memberKey = new URL(team.memberUrl).searchParams.get("key")!;
    const fields = { key: memberKey, name: "Jordan Lee", email: "jordan@example.com", productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", printName: "JORDAN" };
    const sent = await call(teamPageAction, `/team/${team.slug}`, form(fields), { slug: team.slug });
    expect(((await sent.json()) as { message: string }).message).toMatch(/^Thank you, Jordan Lee: your choice is in/);
    await call(teamPageAction, `/team/${team.slug}`, form({ ...fields, name: "Sam Park", email: "sam@example.com", printName: "SAM" }), { slug: team.slug });
    const key = keyOf(team.organiserUrl);
    const page = `/team/${team.slug}/organiser?key=${encodeURIComponent(key)}`;
    const view = (await (await call(organiserPage, page, {}, { slug: team.slug })).json()) as { entries: { entryId: string; name: string }[]; toPayCount: number; toPayPence: number };
    expect([view.toPayCount, view.toPayPence]).toEqual([2, 15000]);
    const [jordan, sam] = view.entries;
    const action = `/team/${team.slug}/organiser/entries?key=${encodeURIComponent(key)}`;
    // Remove asks first, and removes nothing until confirmed.
    const ask = await call(entriesForm, action, form({ intent: "remove", entryId: sam!.entryId }), { slug: team.slug });
    expect(ask.status).toBe(302);
    expect(ask.headers.get("location")).toContain(`remove=${sam!.entryId}`);
    const db = await testDb();
    expect(await db.select().from(teamEntries)).toHaveLength(2);
    await call(entriesForm, action, form({ intent: "remove", entryId: sam!.entryId, confirmed: "yes" }), { slug: team.slug });
    expect(await db.select().from(teamEntries)).toHaveLength(1);
    // Correct: a size the option has, a new name to print.
    const fixed = await call(entriesForm, action, form({ intent: "correct", entryId: jordan!.entryId, name: "Jordan Lee", email: "jordan@example.com", productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A3", printName: "JORDY" }), { slug: team.slug });
    expect(decodeURIComponent(fixed.headers.get("location")!)).toContain("Corrected Jordan Lee's entry.");
    const [row] = await db.select().from(teamEntries);
    expect([row!.size, row!.printName]).toEqual(["A3", "JORDY"]);
    const paying = await call(entriesForm, action, form({ intent: "pay" }), { slug: team.slug });
    expect(paying.status).toBe(302);
    expect(paying.headers.get("location")).toMatch(/^\/payment\?session_id=/);
    // Once it is being paid, an entry can no longer change.
    const late = await call(entriesForm, action, form({ intent: "remove", entryId: jordan!.entryId, confirmed: "yes" }), { slug: team.slug });
    expect(decodeURIComponent(late.headers.get("location")!)).toContain("cannot change now");
  });

  it("X-TEAM-7 an entry after the store closed is refused with the closing date; a members-pay store takes no entries", async () => {
    const team = await organiserTeam();
    const db = await testDb();
    await db.update(teams).set({ closesAt: new Date(Date.now() - 60_000) }).where(eq(teams.slug, team.slug));
    const late = await sendEntry(team, entry());
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toMatch(/^This team order closed on \d{1,2} \w+ \d{4} at \d\d:\d\d\.$/);
    const members = await makeTeam(owner.cookie, { name: "Members pay" });
    const refused = await sendEntry(members, entry());
    expect(refused.status).toBe(409);
    expect((await sendEntry(NO_TEAM, entry())).status).toBe(404);
  });

  it("X-TEAM-7 two organiser payments raced on two pools pay once: one order, every entry in it, the other 409", { tags: ["race"] }, async () => {
    const team = await organiserTeam();
    for (const body of THREE) expect((await sendEntry(team, body)).status).toBe(201);
    const db = await testDb();
    const other = await otherProcessDb();
    const key = keyOf(team.organiserUrl);
    const answers = await Promise.all([payFor(team.slug, key, db), payFor(team.slug, key, other), payFor(team.slug, key, other), payFor(team.slug, key, db)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const made = await db.select().from(orders);
    expect(made).toHaveLength(1);
    const entries = await db.select().from(teamEntries);
    expect(entries.every((e) => e.orderId === made[0]!.id)).toBe(true);
    expect(await db.select().from(orderLines)).toHaveLength(3);
  });

  it("X-TEAM-7 an order that ends unpaid gives its entries back to pay", async () => {
    const team = await organiserTeam();
    for (const body of THREE.slice(0, 2)) await sendEntry(team, body);
    const key = keyOf(team.organiserUrl);
    expect((await payFor(team.slug, key)).status).toBe(200);
    const db = await testDb();
    await db.update(orders).set({ paymentStatus: "expired" });
    const second = await payFor(team.slug, key);
    expect(second.status).toBe(200);
    expect(await db.select().from(orders)).toHaveLength(2);
  });

  it("X-TEAM-7 X-ARCH-6 X-ORD-2 a partly refunded entry is still paid; a fully refunded one is not, and is not to pay again", async () => {
    const team = await organiserTeam();
    for (const body of THREE.slice(0, 2)) await sendEntry(team, body);
    const key = keyOf(team.organiserUrl);
    const { sessionId } = (await (await payFor(team.slug, key)).json()) as { sessionId: string };
    const paid = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
      method: "POST",
      body: paymentForm({ firstName: "Coach", lastName: "Dan", email: "dan@redcarbjj.test" }),
    });
    expect(paid.status).toBe(302);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const view = async () => {
      const detail = (await (await call(teamApi, `/api/admin/teams/${team.slug}`, { headers: { cookie: owner.cookie } }, { slug: team.slug })).json()) as {
        entries: { state: string; orderNumber: string | null }[];
        roster: unknown[];
      };
      const organiser = (await organiserView(db, team.slug, key, new Date()))!;
      return {
        states: detail.entries.map((e) => [e.state, e.orderNumber]),
        paid: organiser.entries.filter((e) => e.state === "paid").length,
        toPay: organiser.toPayCount,
        roster: detail.roster.length,
      };
    };
    const asPaid = { states: [["paid", order!.orderNumber], ["paid", order!.orderNumber]], paid: 2, toPay: 0, roster: 2 };
    expect(await view()).toEqual(asPaid);

    // A goodwill refund of part of it: the shop still holds money for the order, which is made.
    await db.update(orders).set({ paymentStatus: "partly_refunded", refundedPence: 500 }).where(eq(orders.id, order!.id));
    expect(await view()).toEqual(asPaid);

    // Refunded in full: no entry of it counts as paid, none is on the production sheet, and none
    // goes back to the organiser to pay (the owner decided to give the money back).
    await db.update(orders).set({ paymentStatus: "refunded", refundedPence: order!.totalPence }).where(eq(orders.id, order!.id));
    expect(await view()).toEqual({
      states: [["refunded", order!.orderNumber], ["refunded", order!.orderNumber]],
      paid: 0,
      toPay: 0,
      roster: 0,
    });
    expect((await payFor(team.slug, key)).status).toBe(409);
  });

  it("X-TEAM-7 X-TEAM-4 X-DAY-7 an entry racing the closing is in the summary or refused, never lost", { tags: ["race"] }, async () => {
    const db = await testDb();
    const other = await otherProcessDb();
    for (let round = 0; round < 8; round++) {
      const team = await organiserTeam({ name: `Race ${round}` });
      // X-SEC-25: a member's name is letters only.
      const member = `Member ${"ABCDEFGH"[round]}`;
      const closesAt = new Date(Date.now() + 400);
      await db.update(teams).set({ closesAt }).where(eq(teams.slug, team.slug));
      // Fire both as the closing time comes, the entry a little before or after it.
      await new Promise((resolve) => setTimeout(resolve, 300 + (round % 4) * 30));
      const [answer] = await Promise.all([
        sendEntry(team, entry({ name: member }), round % 2 ? other : db),
        closeDueTeams(round % 2 ? db : other, theShop().settings, new Date(closesAt.getTime() + 1)),
      ]);
      // The closing job's next pass, past the closing time (the first may have skipped the team's
      // row while the entry held it, and the clock may not have reached the closing time yet).
      await closeDueTeams(db, theShop().settings, new Date(closesAt.getTime() + 1));
      const [summary] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "dan@redcarbjj.test"), like(mailOutbox.subject, `Team order closed: Race ${round}`)));
      expect(summary).toBeDefined();
      if (answer.status === 201) {
        expect(summary!.text).toContain(`- ${member}: `);
        // X-DAY-7: the entry by its product's name, with its choices, never the raw id.
        expect(summary!.text).toContain(`- ${member}: Mens Grip Truth BJJ Gi (Gi, Size: A2, Name to print: JORDAN), to pay`);
        expect(summary!.text).not.toContain("mens-grip-truth-bjj-gi");
      } else {
        expect(answer.status).toBe(409);
        expect(summary!.text).not.toContain(member);
      }
      const [row] = await db.select().from(teams).where(eq(teams.slug, team.slug));
      expect(row!.status).toBe("closed");
    }
  });
});
