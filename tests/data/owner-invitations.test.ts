import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { auditLog, mailOutbox, owners } from "~/db/schema";
import { action as ownersApiPost, loader as ownersApi } from "~/routes/api.admin.owners";
import { action as ownerApi } from "~/routes/api.admin.owner";
import { action as invitationApi } from "~/routes/api.admin.owner-invitation";
import { action as ownersPage, loader as ownersPageLoader } from "~/routes/admin.owners";
import { action as setAction, loader as setLoader } from "~/routes/admin.set-password";
import { INVITATION_GONE } from "~/owners/staff.server";
import { LINK_GONE } from "~/owners/owner-links.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";

// Issue 36 item 2 (X-SEC-17): a removed owner's invitations stop working, and any open
// invitation can be cancelled, on the page (asked first, no script needed) or through the JSON.

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const PASSWORD = "a brand new long password";

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

async function tokenMailedTo(to: string): Promise<string> {
  const db = await testDb();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const token = /\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`No link mailed to ${to}`);
  return token;
}

const invite = (cookie: string, email: string) =>
  call(ownersApiPost, "/api/admin/owners", postJson({ email }, { cookie }));

let nextAddress = 0;
function accept(token: string) {
  nextAddress++;
  return call(
    setAction,
    `/admin/set-password/${token}`,
    { method: "POST", body: form({ password: PASSWORD, confirmPassword: PASSWORD }), headers: { "x-client-address": `192.0.2.${200 + nextAddress}` } },
    { token },
  );
}

async function openLink(token: string): Promise<number> {
  try {
    return (await call(setLoader, `/admin/set-password/${token}`, {}, { token })).status;
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "init" in thrown) return (thrown as { init?: ResponseInit }).init?.status ?? 200;
    throw thrown;
  }
}

interface Listing {
  owners: { id: string; email: string }[];
  invitations: { id: string; email: string; invitedBy: string; expiresAt: string }[];
  invites: { email: string }[];
}

async function listing(cookie: string): Promise<Listing> {
  return (await (await call(ownersApi, "/api/admin/owners", { headers: { cookie } })).json()) as Listing;
}

/** A second owner, joined through an invitation from the first; their session cookie. */
async function secondOwner(cookie: string, email: string): Promise<{ id: string; cookie: string }> {
  expect((await invite(cookie, email)).status).toBe(201);
  const joined = await accept(await tokenMailedTo(email));
  expect(joined.status).toBeLessThan(400);
  const [row] = await (await testDb()).select().from(owners).where(eq(owners.email, email));
  return { id: row!.id, cookie: joined.headers.get("set-cookie")!.split(";")[0]! };
}

describe(`X-SEC-17: a removed owner's invitations, and cancelling one (${TEST_DRIVER})`, () => {
  it("X-SEC-17: an owner invites someone and is removed; accepting the invitation is then refused with a sentence and makes no owner", async () => {
    const cookie = await signInCookie();
    const staff1 = await secondOwner(cookie, "staff1@griptruth.test");
    // staff1 invites an address of their own, then is removed by the first owner (over JSON).
    expect((await invite(staff1.cookie, "staff1-alt@griptruth.test")).status).toBe(201);
    const token = await tokenMailedTo("staff1-alt@griptruth.test");
    expect((await listing(cookie)).invitations.map((i) => i.email)).toContain("staff1-alt@griptruth.test");

    const removed = await call(ownerApi, `/api/admin/owners/${staff1.id}`, { method: "DELETE", headers: { cookie } }, { id: staff1.id });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ removed: "staff1@griptruth.test" });
    // The invitation is gone from the list, its link refused, and no owner is made.
    const after = await listing(cookie);
    expect(after.invitations.map((i) => i.email)).not.toContain("staff1-alt@griptruth.test");
    expect(after.invites.map((i) => i.email)).not.toContain("staff1-alt@griptruth.test");
    expect(await openLink(token)).toBe(410);
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(await refused.json()).toMatchObject({ error: LINK_GONE.invite });
    const db = await testDb();
    expect(await db.select().from(owners).where(eq(owners.email, "staff1-alt@griptruth.test"))).toHaveLength(0);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.subject, "owner:staff1@griptruth.test")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ action: "owner.remove", after: { revokedLinks: 1 } });
  });

  it("X-SEC-17: an invitation whose inviter is no longer an owner is refused with its own sentence, even if it escaped the removal", async () => {
    const cookie = await signInCookie();
    const staff2 = await secondOwner(cookie, "staff2@griptruth.test");
    expect((await invite(staff2.cookie, "staff2-friend@griptruth.test")).status).toBe(201);
    const token = await tokenMailedTo("staff2-friend@griptruth.test");
    // The inviter's account goes without removeOwner (as a database restore or a race might).
    const db = await testDb();
    await db.delete(owners).where(eq(owners.id, staff2.id));
    expect(await openLink(token)).toBe(410);
    const refused = await accept(token);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "The owner who sent this invitation is no longer an owner of this shop, so it no longer works. Ask a current owner to invite you again.",
    );
    expect(await db.select().from(owners).where(eq(owners.email, "staff2-friend@griptruth.test"))).toHaveLength(0);
  });

  it("X-SEC-17 race: an inviter removed while their invitation is being accepted gives exactly one outcome, never a new owner from a removed inviter", { tags: ["race"] }, async () => {
    const cookie = await signInCookie();
    const db = await testDb();
    const outcomes: string[] = [];
    for (let round = 0; round < 5; round++) {
      const inviter = await secondOwner(cookie, `racer${round}@griptruth.test`);
      const friend = `racer${round}-friend@griptruth.test`;
      expect((await invite(inviter.cookie, friend)).status).toBe(201);
      const token = await tokenMailedTo(friend);
      // The removal starts a little later each round, so both orders are met (the acceptance
      // hashes its password first).
      const [removed, accepted] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round * 60)).then(() =>
          call(ownerApi, `/api/admin/owners/${inviter.id}`, { method: "DELETE", headers: { cookie } }, { id: inviter.id }),
        ),
        accept(token),
      ]);
      expect(removed.status).toBe(200);
      const made = await db.select().from(owners).where(eq(owners.email, friend));
      const [audit] = await db.select().from(auditLog).where(eq(auditLog.subject, `owner:racer${round}@griptruth.test`)).orderBy(desc(auditLog.id)).limit(1);
      if (accepted.status < 400) {
        // Accepted first: the owner was made while the inviter was one, and the removal found
        // no open link of theirs to revoke.
        expect(made).toHaveLength(1);
        expect(audit).toMatchObject({ action: "owner.remove", after: { revokedLinks: 0 } });
        outcomes.push("accepted, then removed");
      } else {
        // Removed first: the link is refused with a sentence and no owner is made.
        expect(accepted.status).toBe(410);
        const { error } = (await accepted.json()) as { error: string };
        expect([LINK_GONE.invite, "The owner who sent this invitation is no longer an owner of this shop, so it no longer works. Ask a current owner to invite you again."]).toContain(error);
        expect(made).toHaveLength(0);
        expect(audit).toMatchObject({ action: "owner.remove", after: { revokedLinks: 1 } });
        outcomes.push("removed, then refused");
      }
      // Whatever the order, the link never works afterwards.
      expect((await accept(token)).status).toBe(410);
      expect(await db.select().from(owners).where(eq(owners.email, friend))).toHaveLength(made.length);
    }
    console.log(`[X-SEC-17 race ${TEST_DRIVER}] ${outcomes.join("; ")}`);
  });

  it("X-SEC-17: on /admin/owners, Cancel invitation asks first, then the link is refused; DELETE /api/admin/owners/invitations/:id does the same", async () => {
    const cookie = await signInCookie();
    expect((await invite(cookie, "maybe@griptruth.test")).status).toBe(201);
    const token = await tokenMailedTo("maybe@griptruth.test");
    const page = (await (await call(ownersPageLoader, "/admin/owners", { headers: { cookie } })).json()) as Listing;
    const listed = page.invitations.find((i) => i.email === "maybe@griptruth.test");
    expect(listed).toMatchObject({ invitedBy: OWNER.email });
    expect(Number.isNaN(Date.parse(listed!.expiresAt))).toBe(false);

    // The question first, nothing cancelled yet.
    const asked = await call(ownersPage, "/admin/owners", { method: "POST", body: form({ intent: "cancel-invitation", invitationId: listed!.id }), headers: { cookie } });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ confirmCancel: { id: listed!.id, email: "maybe@griptruth.test" } });
    expect(await openLink(token)).toBe(200);

    const cancelled = await call(ownersPage, "/admin/owners", { method: "POST", body: form({ intent: "cancel-invitation", invitationId: listed!.id, confirmed: "yes" }), headers: { cookie } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ message: "The invitation to maybe@griptruth.test is cancelled; its link no longer works." });
    expect((await listing(cookie)).invitations.map((i) => i.email)).not.toContain("maybe@griptruth.test");
    expect(await openLink(token)).toBe(410);
    expect((await accept(token)).status).toBe(410);
    const again = await call(ownersPage, "/admin/owners", { method: "POST", body: form({ intent: "cancel-invitation", invitationId: listed!.id, confirmed: "yes" }), headers: { cookie } });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: INVITATION_GONE });

    // Through the JSON: 200, then 404; a made-up id is 404; without a session 401.
    expect((await invite(cookie, "later@griptruth.test")).status).toBe(201);
    const laterToken = await tokenMailedTo("later@griptruth.test");
    const id = (await listing(cookie)).invitations.find((i) => i.email === "later@griptruth.test")!.id;
    const del = (path: string, params: Record<string, string>, headers: Record<string, string> = { cookie }) =>
      call(invitationApi, path, { method: "DELETE", headers }, params);
    expect((await del(`/api/admin/owners/invitations/${id}`, { id }, {})).status).toBe(401);
    const gone = await del(`/api/admin/owners/invitations/${id}`, { id });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ cancelled: "later@griptruth.test" });
    expect((await accept(laterToken)).status).toBe(410);
    expect((await del(`/api/admin/owners/invitations/${id}`, { id })).status).toBe(404);
    for (const bad of ["nope", "\u0000"]) {
      expect((await del(`/api/admin/owners/invitations/x`, { id: bad })).status).toBe(404);
    }
    const [audit] = await (await testDb()).select().from(auditLog).where(eq(auditLog.action, "owner.invite_cancel")).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({ actor: OWNER.email, subject: "owner:later@griptruth.test" });
  });
});
