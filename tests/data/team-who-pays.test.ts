import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox } from "~/db/schema";
import { TEAM_WORDS } from "~/teams/labels";
import { OWNER } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";
import { checkout, makeTeam, memberAddress, teamGi, useTeamShop } from "./team-fixtures";
import { action as entriesApi } from "~/routes/api.teams.entries";
import { action as payApi } from "~/routes/api.teams.pay";
import { loader as paymentPage } from "~/routes/payment";
import { loader as teamPage } from "~/routes/team";
import { action as uploadAction } from "~/routes/team-organiser";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, OWNER_NOTIFICATIONS: "on" });

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const owner = useTeamShop();

const CSV = "name,email,product,option,size,belt_rank,colour,print_name\nAna Silva,ana@example.com,mens-grip-truth-bjj-gi,Gi,A2,,,ANA\n";

async function mailsOf(kind: string) {
  const db = await testDb();
  return db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
}

async function sendRoster(slug: string, key: string) {
  const body = new FormData();
  body.set("roster", new File([CSV], "roster.csv", { type: "text/csv" }));
  body.set("confirmed", "yes");
  const response = await call(uploadAction, `/team/${slug}/organiser?key=${encodeURIComponent(key)}`, { method: "POST", body, headers: { origin: "http://shop.test", ...memberAddress() } }, { slug });
  expect(response.status).toBe(200);
  const [mail] = await mailsOf("team-roster");
  return mail!;
}

async function paymentPageOf(sessionId: string) {
  const response = await call(paymentPage, `/payment?session_id=${encodeURIComponent(sessionId)}`);
  return (await response.json()) as { order: { withTeam: boolean; forTheTeam: boolean } };
}

describe(`X-DAY-11 team wording by who pays (${TEST_DRIVER})`, () => {
  it("X-DAY-11 a store the academy pays for: the opening e-mail, the roster e-mail and its link, and the organiser's payment page speak of the academy paying once", async () => {
    const team = await makeTeam(owner.cookie, { payment: "organiser" });
    const key = new URL(team.organiserUrl).searchParams.get("key")!;
    const [opening] = await mailsOf("team-open");
    expect(opening!.text).toContain(TEAM_WORDS.organiser.openingLink);
    expect(opening!.text).toContain("you pay once for everyone");
    expect(opening!.text).toContain(TEAM_WORDS.organiser.organiserPage);
    expect(opening!.text).not.toMatch(/pays? for their own kit/);

    const roster = await sendRoster(team.slug, key);
    expect(roster.subject).toBe("Your kit for Redcar BJJ: spring kit: check your choice");
    expect(roster.text).toContain("no card needed: the academy pays");
    expect(roster.text).not.toMatch(/ready to pay|pay here/);
    // The link is the members' one (with its key), so it opens the entry form with the choice.
    const link = /https?:\/\/\S+choice=\S+/.exec(roster.text)![0];
    const url = new URL(link);
    expect(url.searchParams.get("key")).toBe(new URL(team.memberUrl).searchParams.get("key"));
    const page = (await (await call(teamPage, `${url.pathname}${url.search}`, {}, { slug: team.slug })).json()) as { prefill: { size: string } | null; entryKey: string | null };
    expect(page.prefill).toMatchObject({ size: "A2" });
    expect(page.entryKey).not.toBeNull();

    // The organiser's payment for everyone's entries asks for the payer, not "your kit".
    const memberKey = url.searchParams.get("key")!;
    const sent = await call(entriesApi, `/api/teams/${team.slug}/entries`, postJson({ key: memberKey, name: "Ana Silva", email: "ana@example.com", productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", printName: "ANA" }, memberAddress()), { slug: team.slug });
    expect(sent.status).toBe(201);
    const started = await call(payApi, `/api/teams/${team.slug}/pay`, postJson({ key }, memberAddress()), { slug: team.slug });
    expect(started.status).toBe(200);
    const { sessionId } = (await started.json()) as { sessionId: string };
    expect((await paymentPageOf(sessionId)).order).toMatchObject({ withTeam: true, forTheTeam: true });
  });

  it("X-DAY-11 a store whose members pay: the opening e-mail and roster e-mail say each pays, and a member's payment page is for their own kit", async () => {
    const team = await makeTeam(owner.cookie);
    const key = new URL(team.organiserUrl).searchParams.get("key")!;
    const [opening] = await mailsOf("team-open");
    expect(opening!.text).toContain(TEAM_WORDS.members.openingLink);
    expect(opening!.text).not.toContain("you pay once for everyone");

    const roster = await sendRoster(team.slug, key);
    expect(roster.subject).toBe("Your kit for Redcar BJJ: spring kit: ready to pay");
    expect(roster.text).toContain(TEAM_WORDS.members.rosterLink);
    expect(new URL(/https?:\/\/\S+choice=\S+/.exec(roster.text)![0]).searchParams.get("key")).toBeNull();

    const response = await checkout({ cartItems: [teamGi(team.slug, { printName: "BEN" })] });
    const { sessionId } = (await response.json()) as { sessionId: string };
    expect((await paymentPageOf(sessionId)).order).toMatchObject({ withTeam: true, forTheTeam: false });
  });
});
