import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { teamEntries, teams } from "~/db/schema";
import { action as entriesApi } from "~/routes/api.teams.entries";
import { loader as teamApi } from "~/routes/api.admin.team";
import { action as teamPageAction, loader as teamPage } from "~/routes/team";
import { loader as organiserPage } from "~/routes/team-organiser";
import { OWNER } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useOtherProcessDb, useTestSettings } from "./shop";
import { makeTeam, memberAddress, useTeamShop } from "./team-fixtures";
import { TEST_DRIVER } from "./setup";

// Issue 50, finding 3 (X-SEC-25): without a key, 7 entries went into a store set for 5 (and were
// charged to the organiser), and a name with a web address reached the closing e-mails.

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });
const owner = useTeamShop();
const otherProcessDb = useOtherProcessDb();

const keyOf = (url: string) => new URL(url).searchParams.get("key")!;

const entry = (n: number, over: Record<string, unknown> = {}) => ({
  name: `Member ${"abcdefghij"[n]}`,
  email: `member${n}@example.com`,
  productId: "mens-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "A2",
  ...over,
});

function sendEntry(slug: string, body: Record<string, unknown>, db?: Database) {
  return call(entriesApi, `/api/teams/${slug}/entries`, postJson(body, memberAddress()), { slug }, db);
}

const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

describe(`X-SEC-25 entries in a store the academy pays for (${TEST_DRIVER})`, () => {
  it("X-SEC-25: the store answers a memberUrl with a key of its own; an entry without it or with a wrong one is a 404; the members' and the organiser's keys both work", async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser", expectedSize: 5 });
    expect(team.memberUrl).toMatch(new RegExp(`/team/${team.slug}\\?key=[A-Za-z0-9_-]{32}$`));
    const memberKey = keyOf(team.memberUrl);
    const organiserKey = keyOf(team.organiserUrl);
    expect(memberKey).not.toBe(organiserKey);
    // The owner's team JSON and the organiser's page show the members' link too.
    const detail = (await (await call(teamApi, `/api/admin/teams/${team.slug}`, { headers: { cookie: owner.cookie } }, { slug: team.slug })).json()) as { memberUrl: string };
    expect(detail.memberUrl).toBe(team.memberUrl);
    const view = (await (await call(organiserPage, `/team/${team.slug}/organiser?key=${organiserKey}`, {}, { slug: team.slug })).json()) as { memberUrl: string };
    expect(view.memberUrl).toBe(team.memberUrl);

    for (const key of [undefined, "", "x".repeat(32), organiserKey.replace(/^./, (c) => (c === "A" ? "B" : "A")), `${memberKey}\u0000`]) {
      const refused = await sendEntry(team.slug, { ...entry(0), ...(key === undefined ? {} : { key }) });
      expect(refused.status, String(key)).toBe(404);
    }
    // Even a body that is wrong says nothing about the store without the key.
    expect((await sendEntry(team.slug, { size: "A2" })).status).toBe(404);
    expect((await sendEntry(team.slug, { key: memberKey, ...entry(0) })).status).toBe(201);
    expect((await sendEntry(team.slug, { key: organiserKey, ...entry(1) })).status).toBe(201);
    // A members-pay store's link carries no key.
    const members = await makeTeam(owner.cookie, { name: "Members pay" });
    expect(members.memberUrl).toBe(members.url);
  });

  it("X-SEC-25: seven entries at once on two pools into a store for five: five are in, two get 409 with a sentence", { tags: ["race"] }, async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser", expectedSize: 5 });
    const key = keyOf(team.memberUrl);
    const db = await testDb();
    const other = await otherProcessDb();
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, n) => sendEntry(team.slug, { key, ...entry(n) }, n % 2 ? other : db)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await errorOf(answer)).toMatch(/has all 5 entries the organiser expected/);
    }
    const [row] = await db.select().from(teams).where(eq(teams.slug, team.slug));
    expect(await db.select().from(teamEntries).where(eq(teamEntries.teamId, row!.id))).toHaveLength(5);
  });

  it("X-SEC-25: an entry's name and print name follow the roster's rules: letters, no web addresses", async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser" });
    const key = keyOf(team.memberUrl);
    const spam = await sendEntry(team.slug, { key, ...entry(0, { name: "Win a prize at http://evil.test/claim" }) });
    expect(spam.status).toBe(400);
    expect(await errorOf(spam)).toMatch(/letters only, without web addresses/);
    const printed = await sendEntry(team.slug, { key, ...entry(1, { printName: "VISIT EVIL.TEST" }) });
    expect(printed.status).toBe(400);
    expect(await errorOf(printed)).toMatch(/name to print without web addresses/);
    for (const name of ["evil.example", "www.evil", "Ana <b>", "Ana 2"]) {
      expect((await sendEntry(team.slug, { key, ...entry(2, { name }) })).status, name).toBe(400);
    }
    expect((await sendEntry(team.slug, { key, ...entry(3, { name: "Seán O'Brien-Núñez", printName: "SEAN" }) })).status).toBe(201);
  });

  it("X-SEC-25: the team page's form carries the key: without it the page shows no entry form and its POST is a 404", async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser" });
    const key = keyOf(team.memberUrl);
    const params = { slug: team.slug };
    const open = (await (await call(teamPage, `/team/${team.slug}?key=${key}`, {}, params)).json()) as { entryKey: string | null };
    expect(open.entryKey).toBe(key);
    const closed = (await (await call(teamPage, `/team/${team.slug}`, {}, params)).json()) as { entryKey: string | null };
    expect(closed.entryKey).toBeNull();

    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } };
    };
    const fields = { name: "Jordan Lee", email: "jordan@example.com", productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2" };
    const without = await call(teamPageAction, `/team/${team.slug}`, form(fields), params);
    expect(without.status).toBe(404);
    const sent = await call(teamPageAction, `/team/${team.slug}?key=${key}`, form({ ...fields, key }), params);
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { message: string }).message).toMatch(/^Thank you, Jordan Lee/);

    // Issue 56 (X-A11Y-10): sent empty with the key, every wrong field is named at once in the
    // product's form, with what was typed; without the key, still nothing about the store.
    const blank = { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", name: "", email: "nope", printName: "www.example.com" };
    const refused = await call(teamPageAction, `/team/${team.slug}?key=${key}`, form({ ...blank, key }), params);
    expect(refused.status).toBe(400);
    const answer = (await refused.json()) as { form: string; error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
    expect(answer.form).toBe("mens-ranked-gorilla-no-gi-set-Rashguard");
    expect(Object.keys(answer.fieldErrors)).toEqual(["name", "email", "printName", "size", "beltRank"]);
    expect(answer.fieldErrors).toMatchObject({
      name: "Give your name.",
      email: "Please enter a valid e-mail address.",
      size: expect.stringMatching(/^Choose one of the sizes: /),
      beltRank: expect.stringMatching(/^Choose a belt rank: /),
    });
    expect(answer.error).toBe("Give your name.");
    expect(answer.values).toMatchObject({ email: "nope", printName: "www.example.com" });
    const blind = await call(teamPageAction, `/team/${team.slug}`, form({ ...blank, key: "x".repeat(43) }), params);
    expect(blind.status).toBe(404);
    expect(((await blind.json()) as { fieldErrors?: object }).fieldErrors ?? {}).toEqual({});
  });

  it("X-A11Y-10 (issue 56): Order on a team page names every blank choice at once, then goes on to the team's checkout", async () => {
    const team = await makeTeam(owner.cookie);
    const params = { slug: team.slug };
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.set(name, value);
      return { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } };
    };
    const choice = { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard" };
    const empty = await call(teamPageAction, `/team/${team.slug}?choose`, form(choice), params);
    expect(empty.status).toBe(400);
    const answer = (await empty.json()) as { form: string; fieldErrors: Record<string, string> };
    expect(answer.form).toBe("mens-ranked-gorilla-no-gi-set-Rashguard");
    expect(Object.keys(answer.fieldErrors)).toEqual(["size", "beltRank"]);
    const chosen = await call(teamPageAction, `/team/${team.slug}?choose`, form({ ...choice, size: "M", beltRank: "Blue", printName: "SAM" }), params);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe(
      `/team/${team.slug}/checkout?productId=mens-ranked-gorilla-no-gi-set&optionType=Rashguard&size=M&beltRank=Blue&printName=SAM`,
    );
  });
});
