import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { mailOutbox, teamInvitations, teams } from "~/db/schema";
import { OWNER } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { makeTeam, memberAddress, teamBody, useTeamShop } from "./team-fixtures";
import { action as createApi } from "~/routes/api.admin.teams";
import { action as newTeamPage } from "~/routes/admin.team-new";
import { action as uploadAction } from "~/routes/team-organiser";
import { ROSTER_INVITES_PER_DAY_MAX, TEAM_EXPECTED_SIZE_DEFAULT } from "~/shared/limits";

// The owner is told of each send: the shop's notices are on here.
useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, OWNER_NOTIFICATIONS: "on" });
const SHOP = "hello@griptruth.co.uk";

const owner = useTeamShop();

const HEADER = "name,email,product,option,size,belt_rank,colour,print_name";
const row = (name: string, email: string) => `${name},${email},mens-grip-truth-bjj-gi,Gi,A2,,,`;
const roster = (rows: string[]) => `${HEADER}\n${rows.join("\n")}\n`;
/** Plain names for many members: "Member Aa", "Member Ab", … */
const plainName = (n: number) => `Member ${String.fromCharCode(65 + Math.floor(n / 26) % 26)}${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 676))}`;

async function organiser(over: Record<string, unknown> = {}) {
  const { slug, organiserUrl } = await makeTeam(owner.cookie, over);
  return { slug, key: new URL(organiserUrl).searchParams.get("key")! };
}

/** The organiser's post: a first one without `confirmed` previews, `confirmed=yes` sends. */
async function upload(team: { slug: string; key: string }, csv: string, more: Record<string, string> = {}) {
  const body = new FormData();
  body.set("roster", new File([csv], "roster.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(more)) body.set(name, value);
  const response = await call(uploadAction, `/team/${team.slug}/organiser?key=${encodeURIComponent(team.key)}`, { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } }, { slug: team.slug });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function rosterMails() {
  const db = await testDb();
  return db.select().from(mailOutbox).where(eq(mailOutbox.kind, "team-roster"));
}
async function ownerNotices() {
  const db = await testDb();
  return db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "owner-notice"), eq(mailOutbox.to, SHOP)));
}

describe("X-SEC-16 roster e-mails", () => {
  it("X-SEC-16 500 rows of spam names send nothing; 500 plain new members are over the team's expected 60 and send nothing; 60 send 60 after a preview that sends none", async () => {
    const team = await organiser();
    const spam = roster(Array.from({ length: 500 }, (_, n) => row(`Cheap watches at evil.example ${n}`, `spam-${n}@example.com`)));
    for (const more of [{}, { confirmed: "yes" }] as Record<string, string>[]) {
      const refused = await upload(team, spam, more);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(/^Nothing was sent/);
      expect((refused.body.problems as string[])[0]).toMatch(/^Row 2: write the member's name in letters only/);
    }
    expect(await rosterMails()).toHaveLength(0);

    const many = roster(Array.from({ length: 500 }, (_, n) => row(plainName(n), `member-${n}@example.com`)));
    const tooMany = await upload(team, many, { confirmed: "yes" });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatch(/^Nothing was sent: this team expects 60 members/);
    expect(await rosterMails()).toHaveLength(0);

    const sixty = roster(Array.from({ length: TEAM_EXPECTED_SIZE_DEFAULT }, (_, n) => row(plainName(n), `member-${n}@example.com`)));
    const preview = await upload(team, sixty);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ preview: true, count: 60, sent: 0 });
    expect(preview.body.message).toMatch(/^This will send 60 e-mails, one per member\. Nothing has been sent yet/);
    expect(await rosterMails()).toHaveLength(0);
    expect(await ownerNotices()).toHaveLength(0);

    const sent = await upload(team, sixty, { confirmed: "yes" });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ preview: false, sent: 60 });
    expect(await rosterMails()).toHaveLength(60);
    const notices = await ownerNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toMatch(/60 roster e-mails sent/);
    expect(notices[0]!.text).toContain("60 of the expected 60 members have now been invited");

    // A 61st address is over the team's size, whatever the day.
    const extra = await upload(team, roster([row("Late Larry", "larry@example.com")]), { confirmed: "yes" });
    expect(extra.status).toBe(400);
    expect(await rosterMails()).toHaveLength(60);
  });

  it("X-SEC-16 500 rows to one address send one e-mail, and a second upload the same day sends none", async () => {
    const team = await organiser();
    const one = roster(Array.from({ length: 500 }, () => row("Ana Silva", "ana@example.com")));
    const preview = await upload(team, one);
    expect(preview.body).toMatchObject({ preview: true, count: 1, repeated: 499 });
    expect(preview.body.message).toMatch(/^This will send 1 e-mail, one per member \(499 repeated addresses left out\)/);
    expect(await rosterMails()).toHaveLength(0);

    expect((await upload(team, one, { confirmed: "yes" })).body).toMatchObject({ sent: 1 });
    // The same address in other letters, in another upload: already invited today.
    const again = await upload(team, roster([row("Ana Silva", "ANA@example.com"), row("Ben Oak", "ben@example.com")]), { confirmed: "yes" });
    expect(again.body).toMatchObject({ sent: 1, invitedToday: 1 });
    const mails = await rosterMails();
    expect(mails.map((m) => m.to.toLowerCase()).sort()).toEqual(["ana@example.com", "ben@example.com"]);
    const db = await testDb();
    expect(await db.select().from(teamInvitations)).toHaveLength(2);
    expect(await ownerNotices()).toHaveLength(2);
  });

  it("X-SEC-16 without JavaScript the preview hands the file back and its Send posts it as text", async () => {
    const team = await organiser();
    const csv = roster([row("Ana Silva", "ana@example.com")]);
    const preview = await upload(team, csv, { note: "See you Monday." });
    expect(preview.body).toMatchObject({ preview: true, count: 1, csv, note: "See you Monday." });
    const body = new FormData();
    body.set("csv", preview.body.csv as string);
    body.set("note", preview.body.note as string);
    body.set("confirmed", "yes");
    const response = await call(uploadAction, `/team/${team.slug}/organiser?key=${encodeURIComponent(team.key)}`, { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } }, { slug: team.slug });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sent: 1 });
    expect((await rosterMails())[0]!.text).toContain("See you Monday.");
  });

  it("X-SEC-16 a team sends at most 100 roster e-mails a day, however large its expected size", async () => {
    const team = await organiser({ expectedSize: 500 });
    const rows = (from: number, count: number) => roster(Array.from({ length: count }, (_, n) => row(plainName(from + n), `member-${from + n}@example.com`)));
    const over = await upload(team, rows(0, ROSTER_INVITES_PER_DAY_MAX + 1), { confirmed: "yes" });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^Nothing was sent: a team can send at most 100 roster e-mails a day/);
    expect(await rosterMails()).toHaveLength(0);
    expect((await upload(team, rows(0, 70), { confirmed: "yes" })).body).toMatchObject({ sent: 70 });
    expect((await upload(team, rows(70, 31), { confirmed: "yes" })).status).toBe(429);
    expect((await upload(team, rows(70, 30), { confirmed: "yes" })).body).toMatchObject({ sent: 30 });
    expect(await rosterMails()).toHaveLength(100);
  });

  it("X-SEC-16 race: roster uploads sent at once for one team never send more e-mails than its caps, nor two to one address", { tags: ["race"] }, async () => {
    const rows = (from: number, count: number) =>
      roster(Array.from({ length: count }, (_, n) => row(plainName(from + n), `member-${from + n}@example.com`)));
    // The team's expected size (60): four uploads of 40 at once, overlapping by 20.
    const small = await organiser();
    const sizeRace = await Promise.all([0, 20, 40, 60].map((from) => upload(small, rows(from, 40), { confirmed: "yes" })));
    for (const answer of sizeRace) expect([200, 400, 429]).toContain(answer.status);
    let mails = await rosterMails();
    const sentBySize = sizeRace.reduce((sum, answer) => sum + Number(answer.body.sent ?? 0), 0);
    expect(mails.length).toBe(sentBySize);
    expect(mails.length).toBeLessThanOrEqual(TEAM_EXPECTED_SIZE_DEFAULT);
    expect(new Set(mails.map((m) => m.to.toLowerCase())).size).toBe(mails.length);
    expect(mails.length).toBeGreaterThan(0);

    // The day's cap (100) with a large team: four uploads of 40 different addresses at once.
    const db = await testDb();
    await db.delete(mailOutbox);
    const large = await organiser({ expectedSize: 500 });
    const dayRace = await Promise.all([0, 1, 2, 3].map((n) => upload(large, rows(200 + 40 * n, 40), { confirmed: "yes" })));
    for (const answer of dayRace) expect([200, 429]).toContain(answer.status);
    mails = await rosterMails();
    expect(mails.length).toBe(dayRace.reduce((sum, answer) => sum + Number(answer.body.sent ?? 0), 0));
    expect(mails.length).toBeLessThanOrEqual(ROSTER_INVITES_PER_DAY_MAX);
    expect(mails.length).toBe(80); // two fit (80), a third would pass 100 and sends nothing
    const invited = await db.select().from(teamInvitations);
    expect(invited.length).toBe(sentBySize + 80);
  });

  it("X-SEC-16 the note is plain text with a length limit and goes into every e-mail", async () => {
    const team = await organiser();
    const csv = roster([row("Ana Silva", "ana@example.com")]);
    for (const note of ["Cheap watches at https://evil.example", "Visit evil.example now", "x".repeat(301)]) {
      const refused = await upload(team, csv, { note, confirmed: "yes" });
      expect(refused.status).toBe(400);
    }
    expect(await rosterMails()).toHaveLength(0);
    expect((await upload(team, csv, { note: "Training is at 7 on Monday.", confirmed: "yes" })).body).toMatchObject({ sent: 1 });
    expect((await rosterMails())[0]!.text).toContain("A note from Coach Dan: Training is at 7 on Monday.");
  });

  it("X-SEC-16 the owner sets the expected size in the JSON and on /admin/teams/new; 60 unless said", async () => {
    const create = (body: unknown) => call(createApi, "/api/admin/teams", postJson(body, { cookie: owner.cookie }));
    for (const expectedSize of [0, 501, 2.5, "60"]) {
      const refused = await create(teamBody({ expectedSize }));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^The expected number of members must be a whole number from 1 to 500/);
    }
    expect(await (await create(teamBody())).json()).toMatchObject({ expectedSize: 60 });
    expect(await (await create(teamBody({ expectedSize: 25 }))).json()).toMatchObject({ expectedSize: 25 });

    const form = new FormData();
    form.set("name", "Tees Muay Thai");
    form.set("organiserName", "Kru Sam");
    form.set("organiserEmail", "sam@tees.test");
    form.set("closesAt", "2099-06-01T18:00");
    form.set("delivery", "individual");
    form.set("fixedText", "TEES MT");
    form.set("expectedSize", "120");
    form.append("offer", "mens-grip-truth-bjj-gi|Gi");
    form.set("price:mens-grip-truth-bjj-gi|Gi", "70.50");
    const response = await call(newTeamPage, "/admin/teams/new", { method: "POST", body: form, headers: { cookie: owner.cookie, origin: "http://shop.test" } });
    expect(response.status).toBe(201);
    const db = await testDb();
    const [row] = await db.select().from(teams).where(eq(teams.name, "Tees Muay Thai"));
    expect(row!.expectedSize).toBe(120);
  });
});
