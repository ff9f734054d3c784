import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, teams } from "~/db/schema";
import { closeDueTeams } from "~/teams/closing.server";
import { closeTeamNow } from "~/teams/store-controls.server";
import { moveTeam } from "~/flows/teams/batch.server";
import { OWNER } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, theShop, useTestSettings, useOtherProcessDb } from "./shop";
import { makeTeam, memberPays, rashguard, teamGi, useTeamShop } from "./team-fixtures";
import { action as closeApi } from "~/routes/api.admin.team-close";
import { action as closingApi } from "~/routes/api.admin.team-closing";
import { action as statusApi } from "~/routes/api.admin.team-status";
import { action as batchPage } from "~/routes/admin.team";
import { loader as publicApi } from "~/routes/api.teams";
import { closedSentence } from "~/teams/rules";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SHOP_EMAIL: "shop@griptruth.test",
  OWNER_NOTIFICATIONS: "on",
});

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const otherProcessDb = useOtherProcessDb();

const owner = useTeamShop();

const ORGANISER = "dan@redcarbjj.test";
async function summariesTo(to = ORGANISER) {
  const db = await testDb();
  return db.select().from(mailOutbox).where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, "Team order closed:%")));
}
const publicView = async (slug: string) => (await (await call(publicApi, `/api/teams/${slug}`, {}, { slug })).json()) as { open: boolean; closesAt: string };
const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return { method: "POST", body, headers: { cookie: owner.cookie, origin: "http://shop.test" } };
};

describe(`X-TEAM-8 store controls (${TEST_DRIVER})`, () => {
  it("X-TEAM-8 Close now: members see it closed today, the summary goes once; asked again 409", async () => {
    const { slug } = await makeTeam(owner.cookie);
    await memberPays([rashguard(slug, { printName: "Ana" })], { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
    const before = Date.now();
    const closed = await call(closeApi, `/api/admin/teams/${slug}/close`, { method: "POST", headers: { cookie: owner.cookie, origin: "http://shop.test" } }, { slug });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ summarySent: true });
    const view = await publicView(slug);
    expect(view.open).toBe(false);
    expect(Date.parse(view.closesAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(view.closesAt)).toBeLessThanOrEqual(Date.now());
    // Members read the real date and time of day it closed (issue 41).
    expect(closedSentence(new Date(view.closesAt))).toMatch(/^This team order closed on \d{1,2} \w+ \d{4} at \d\d:\d\d\.$/);
    expect(await summariesTo()).toHaveLength(1);
    expect(await summariesTo("shop@griptruth.test")).toHaveLength(1);
    expect((await call(closeApi, `/api/admin/teams/${slug}/close`, { method: "POST", headers: { cookie: owner.cookie, origin: "http://shop.test" } }, { slug })).status).toBe(409);
    expect(await closeDueTeams(await testDb(), theShop().settings, new Date())).toBe(0);
    expect(await summariesTo()).toHaveLength(1);
    // Nobody but the owner closes a store.
    expect((await call(closeApi, `/api/admin/teams/${slug}/close`, { method: "POST", headers: { origin: "http://shop.test" } }, { slug })).status).toBe(401);
  });

  it("X-TEAM-8 Change closing date: a time to come, read by members at once; not once the summary has gone", async () => {
    const { slug } = await makeTeam(owner.cookie);
    const later = new Date(Date.now() + 20 * 86_400_000);
    later.setUTCSeconds(0, 0);
    const changed = await call(closingApi, `/api/admin/teams/${slug}/closing`, postJson({ closesAt: later.toISOString() }, { cookie: owner.cookie }), { slug });
    expect(changed.status).toBe(200);
    expect((await publicView(slug)).closesAt).toBe(later.toISOString());
    const past = await call(closingApi, `/api/admin/teams/${slug}/closing`, postJson({ closesAt: "2020-01-01T10:00:00Z" }, { cookie: owner.cookie }), { slug });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { error: string }).error).toMatch(/must be in the future/);
    expect((await call(closingApi, `/api/admin/teams/${slug}/closing`, postJson({ closesAt: "soon" }, { cookie: owner.cookie }), { slug })).status).toBe(400);
    await call(closeApi, `/api/admin/teams/${slug}/close`, { method: "POST", headers: { cookie: owner.cookie, origin: "http://shop.test" } }, { slug });
    expect((await call(closingApi, `/api/admin/teams/${slug}/closing`, postJson({ closesAt: later.toISOString() }, { cookie: owner.cookie }), { slug })).status).toBe(409);
  });

  it("X-TEAM-8 marking an open team in production closes it now, sends the summary once; dispatch tells the organiser with the tracking link", async () => {
    const { slug } = await makeTeam(owner.cookie);
    await memberPays([teamGi(slug, { printName: "BEN" })], { firstName: "Ben", lastName: "Oak", email: "ben@example.com" });
    const move = (body: unknown) => call(statusApi, `/api/admin/teams/${slug}/status`, postJson(body, { cookie: owner.cookie }), { slug });
    expect((await move({ status: "in_production" })).status).toBe(200);
    const view = await publicView(slug);
    expect(view.open).toBe(false);
    expect(Date.parse(view.closesAt)).toBeLessThanOrEqual(Date.now());
    expect(await summariesTo()).toHaveLength(1);
    expect((await move({ status: "in_production" })).status).toBe(200);
    expect(await summariesTo()).toHaveLength(1);
    expect((await move({ status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" })).status).toBe(200);
    await move({ status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" });
    const db = await testDb();
    const told = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, ORGANISER), eq(mailOutbox.kind, "team-dispatched")));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("RM123456789GB");
    expect(told[0]!.text).toMatch(/Track it: https:\/\/\S+RM123456789GB/);
    expect(told[0]!.text).toContain("- Ben Oak: Mens Grip Truth BJJ Gi (Gi, Size: A2, Name to print: BEN)");
  });

  it("X-TEAM-8 on the batch page, moving the batch, closing now and changing the date each ask first", async () => {
    const { slug } = await makeTeam(owner.cookie);
    const post = (fields: Record<string, string>) => call(batchPage, `/admin/teams/${slug}`, form(fields), { slug });
    const asked = (await (await post({ intent: "in_production" })).json()) as { confirm: { kind: string; closesStore: boolean } };
    expect(asked.confirm).toMatchObject({ kind: "team-move", closesStore: true });
    expect((await publicView(slug)).open).toBe(true);
    const askClose = (await (await post({ intent: "close" })).json()) as { confirm: { kind: string } };
    expect(askClose.confirm.kind).toBe("team-close");
    expect((await publicView(slug)).open).toBe(true);
    const askDate = (await (await post({ intent: "closing", closesAt: "2099-03-14T18:00" })).json()) as { confirm: { kind: string; closesAt: string } };
    expect(askDate.confirm).toEqual({ kind: "team-closing", closesAt: "2099-03-14T18:00:00.000Z", closesLocal: "2099-03-14T18:00" });
    expect((await publicView(slug)).closesAt).not.toBe("2099-03-14T18:00:00.000Z");
    const changed = (await (await post({ intent: "closing", closesAt: "2099-03-14T18:00", confirmed: "yes" })).json()) as { message: string };
    expect(changed.message).toBe("The store now closes 14 March 2099 at 18:00 (UK time).");
    expect((await publicView(slug)).closesAt).toBe("2099-03-14T18:00:00.000Z");
    const closed = (await (await post({ intent: "close", confirmed: "yes" })).json()) as { message: string };
    expect(closed.message).toMatch(/^The team store is closed; the summary has gone/);
    expect((await publicView(slug)).open).toBe(false);
  });

  it("X-TEAM-8 X-TEAM-4 the summary is sent once however the store closes: Close now, the job on another pool and Mark in production raced", { tags: ["race"] }, async () => {
    const db = await testDb();
    const other = await otherProcessDb();
    for (let round = 0; round < 3; round++) {
      const { slug } = await makeTeam(owner.cookie, { name: `Raced ${round}` });
      await memberPays([rashguard(slug)], { firstName: "Ana", lastName: "Silva", email: `ana${round}@example.com` });
      const soon = new Date(Date.now() + 50);
      await db.update(teams).set({ closesAt: soon }).where(eq(teams.slug, slug));
      await new Promise((resolve) => setTimeout(resolve, 45));
      await Promise.all([
        closeTeamNow(db, slug, OWNER.email, theShop().settings, new Date()),
        closeDueTeams(other, theShop().settings, new Date(soon.getTime() + 1)),
        moveTeam(other, slug, { status: "in_production" }, OWNER.email, new Date(), theShop().settings),
        closeDueTeams(db, theShop().settings, new Date(soon.getTime() + 1)),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await closeDueTeams(db, theShop().settings, new Date());
      const sent = (await summariesTo()).filter((m) => m.subject === `Team order closed: Raced ${round}`);
      expect(sent).toHaveLength(1);
    }
  });
});
