import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startJobs } from "~/background/runner.server";
import type { Database } from "~/db/client.server";
import { mailOutbox, orderRefunds, orders, teams } from "~/db/schema";
import { closeDueTeams } from "~/teams/closing.server";
import { cancelTeam } from "~/flows/teams/batch.server";
import { OWNER } from "./admin-fixtures";
import { testDb, theShop, useTestSettings, useOtherProcessDb } from "./shop";
import { makeTeam, memberPays, rashguard, teamGi, useTeamShop } from "./team-fixtures";
import { legacyStatus } from "~/orders/status";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SHOP_EMAIL: "shop@griptruth.test",
  OWNER_NOTIFICATIONS: "on",
});

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const otherProcessDb = useOtherProcessDb();

const owner = useTeamShop();

async function summaries() {
  const db = await testDb();
  return db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, "Team order closed:%"));
}

describe(`team orders with two processes on ${TEST_DRIVER}`, () => {
  it("X-TEAM-4 the closing summary goes to the organiser and the shop exactly once with two job runners on two pools", { tags: ["race"] }, async () => {
    const { slug } = await makeTeam(owner.cookie);
    await memberPays([rashguard(slug, { printName: "Ana" })], { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
    await memberPays([teamGi(slug)], { firstName: "Ben", lastName: "Oak", email: "ben@example.com" });
    const db = await testDb();
    const other = await otherProcessDb();
    // Not yet due: nothing happens.
    expect(await closeDueTeams(db, theShop().settings, new Date())).toBe(0);
    await db.update(teams).set({ closesAt: new Date(Date.now() - 1000) }).where(eq(teams.slug, slug));

    const job = (everyMs: number) => [{ name: "team-closing", everyMs, batch: 20, run: (d: Database) => closeDueTeams(d, theShop().settings, new Date()) }];
    const runners = [startJobs(db, job(20)), startJobs(other, job(20))];
    // Direct rounds from both processes at once as well.
    const direct = await Promise.all([closeDueTeams(db, theShop().settings, new Date()), closeDueTeams(other, theShop().settings, new Date()), closeDueTeams(db, theShop().settings, new Date()), closeDueTeams(other, theShop().settings, new Date())]);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await summaries()).length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // Let both runners take a few more rounds.
    await Promise.all(runners.map((r) => r.runOnce()));
    await Promise.all(runners.map((r) => r.stop()));
    expect(direct.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);

    const sent = await summaries();
    expect(sent.map((m) => m.to).sort()).toEqual(["dan@redcarbjj.test", "shop@griptruth.test"]);
    const organiser = sent.find((m) => m.to === "dan@redcarbjj.test")!;
    expect(organiser.text).toContain("Members paid: 2. Items: 2.");
    expect(organiser.text).toContain("names: Ana");
    expect(organiser.text).toContain("The minimum of 3 items was not reached (2 ordered).");
    const [row] = await db.select().from(teams).where(and(eq(teams.slug, slug)));
    expect(row!.status).toBe("closed");
    expect(row!.summarySentAt).toBeInstanceOf(Date);
  });

  it("X-TEAM-5 cancel and refund everyone fired twice at once from two processes refunds each paid order exactly once", { tags: ["race"] }, async () => {
    const { slug } = await makeTeam(owner.cookie);
    await memberPays([rashguard(slug, { printName: "Ana" })], { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
    await memberPays([teamGi(slug)], { firstName: "Ben", lastName: "Oak", email: "ben@example.com" });
    await memberPays([teamGi(slug, { size: "A3" })], { firstName: "Cat", lastName: "Lee", email: "cat@example.com" });
    const db = await testDb();
    const other = await otherProcessDb();
    const results = await Promise.all([
      cancelTeam(db, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(other, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(db, slug, { refund: true }, OWNER.email, theShop()),
      cancelTeam(other, slug, { refund: true }, OWNER.email, theShop()),
    ]);
    const totals = results.map((r) => (r.ok ? r.data : { cancelled: 0, refunded: 0 }));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(totals.reduce((sum, r) => sum + r.refunded, 0)).toBe(3);
    expect(totals.reduce((sum, r) => sum + r.cancelled, 0)).toBe(3);
    const refunds = await db.select().from(orderRefunds);
    expect(refunds).toHaveLength(3);
    expect(new Set(refunds.map((r) => r.orderId)).size).toBe(3);
    const all = await db.select().from(orders);
    expect(all.every((o) => legacyStatus(o) === "refunded" && o.refundedPence === o.totalPence)).toBe(true);
    // Each member is told once.
    const told = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "ana@example.com"));
    expect(told.filter((m) => /refund/i.test(m.subject))).toHaveLength(1);
  });
});
