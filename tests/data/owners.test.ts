import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { auditLog, mailOutbox, ownerLinks, owners, ownerSessions } from "~/db/schema";
import { action as ownersApiPost, loader as ownersApi } from "~/routes/api.admin.owners";
import { action as ownersPage, loader as ownersPageLoader } from "~/routes/admin.owners";
import { action as forgotAction } from "~/routes/admin.forgot-password";
import { action as setAction, loader as setLoader } from "~/routes/admin.set-password";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { hashToken } from "~/owners/owner-links.server";
import { RESET_SENT } from "~/owners/staff.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { RESET_ANSWER_FLOOR_MS } from "~/shared/limits";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

const NEW_PASSWORD = "a brand new long password";

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

/** The one-time link in the newest e-mail to `to` (from the outbox, as it is sent). */
async function linkMailedTo(to: string): Promise<{ token: string; text: string; subject: string }> {
  const db = await testDb();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`No e-mail to ${to}`);
  const token = /\/admin\/set-password\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`No link in: ${mail.text}`);
  return { token, text: mail.text, subject: mail.subject };
}

async function mailsTo(to: string): Promise<number> {
  const db = await testDb();
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to));
  return rows.length;
}

async function invite(cookie: string, email: string) {
  return call(ownersApiPost, "/api/admin/owners", postJson({ email }, { cookie }));
}

let nextAddress = 0;
/** A different connection each time: the sign-in quota per connection is not what is tested. */
function usePassword(token: string, password = NEW_PASSWORD, confirm = password) {
  nextAddress++;
  return call(
    setAction,
    `/admin/set-password/${token}`,
    { method: "POST", body: form({ password, confirmPassword: confirm }), headers: { "x-client-address": `192.0.2.${nextAddress}` } },
    { token },
  );
}

describe("X-DAY-4: owners, invitations and password resets", () => {
  it("X-DAY-4: an invited owner gets a link by e-mail, sets a password, is signed in, and can sign in", async () => {
    const cookie = await signInCookie();
    const response = await invite(cookie, "New.Owner@GripTruth.test");
    expect(response.status).toBe(201);
    const body = (await response.json()) as { invite: { email: string; expiresAt: string } };
    expect(body.invite.email).toBe("new.owner@griptruth.test");
    // Valid 48 hours.
    const hours = (new Date(body.invite.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    const mail = await linkMailedTo("new.owner@griptruth.test");
    expect(mail.text).toContain(OWNER.email);
    expect(mail.text).toContain("48 hours");
    // Only the hash is stored; the list never shows a token or a hash.
    const db = await testDb();
    const [stored] = await db.select().from(ownerLinks).where(eq(ownerLinks.email, "new.owner@griptruth.test"));
    expect(stored!.tokenHash).toBe(hashToken(mail.token));
    expect(JSON.stringify(stored)).not.toContain(mail.token);
    const list = await call(ownersApi, "/api/admin/owners", { headers: { cookie } });
    const listed = await list.text();
    expect(listed).toContain("new.owner@griptruth.test");
    expect(listed).not.toContain(stored!.tokenHash);
    expect(listed).not.toContain(mail.token);
    expect(listed).not.toMatch(/scrypt|passwordHash|tokenHash/);

    const page = await call(setLoader, `/admin/set-password/${mail.token}`, {}, { token: mail.token });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ link: { kind: "invite", email: "new.owner@griptruth.test" } });

    // Too short first: the same rule as every owner password.
    const short = await usePassword(mail.token, "short");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: "The password needs at least 12 characters." });
    const mismatch = await usePassword(mail.token, NEW_PASSWORD, "something else entirely");
    expect(mismatch.status).toBe(400);

    const set = await usePassword(mail.token);
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/admin");
    const newCookie = set.headers.get("set-cookie")!.split(";")[0]!;
    const asNew = await call(ordersApi, "/api/admin/orders", { headers: { cookie: newCookie } });
    expect(asNew.status).toBe(200);
    // And signs in with it.
    await signInCookie("new.owner@griptruth.test", NEW_PASSWORD, "198.51.100.41");
    const [accepted] = await db.select().from(auditLog).where(eq(auditLog.action, "owner.invite_accepted"));
    expect(accepted!.actor).toBe("new.owner@griptruth.test");
    const [invited] = await db.select().from(auditLog).where(eq(auditLog.action, "owner.invite"));
    expect(invited!.actor).toBe(OWNER.email);

    // The link works once.
    const again = await usePassword(mail.token, "yet another long password");
    expect(again.status).toBe(410);
    expect(await again.json()).toMatchObject({ error: expect.stringContaining("already been used or has expired") });
    const reopened = await call(setLoader, `/admin/set-password/${mail.token}`, {}, { token: mail.token });
    expect(reopened.status).toBe(410);
    expect(await reopened.json()).toMatchObject({ gone: expect.stringContaining("already been used") });
    await signInCookie("new.owner@griptruth.test", NEW_PASSWORD, "198.51.100.42");
  });

  it("X-DAY-4: inviting an owner's address is 409, a bad address 400 with a sentence; the JSON is guarded", async () => {
    const cookie = await signInCookie();
    const existing = await invite(cookie, OWNER.email);
    expect(existing.status).toBe(409);
    expect(await existing.json()).toMatchObject({ error: `${OWNER.email} is already an owner.` });
    const bad = await invite(cookie, "not an address");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Enter a valid e-mail address." });
    expect((await invite(cookie, 42 as unknown as string)).status).toBe(400);
    // No session: 401; another site: 403.
    expect((await call(ownersApi, "/api/admin/owners")).status).toBe(401);
    expect((await call(ownersApiPost, "/api/admin/owners", postJson({ email: "x@y.test" }))).status).toBe(401);
    const crossSite = await call(
      ownersApiPost,
      "/api/admin/owners",
      postJson({ email: "x@y.test" }, { cookie, origin: "https://evil.example" }),
    );
    expect(crossSite.status).toBe(403);
  });

  it("X-DAY-4: an expired invitation is refused with a sentence and a 4xx; unknown links are 404", async () => {
    const cookie = await signInCookie();
    expect((await invite(cookie, "late@griptruth.test")).status).toBe(201);
    const { token } = await linkMailedTo("late@griptruth.test");
    const db = await testDb();
    await db
      .update(ownerLinks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(ownerLinks.tokenHash, hashToken(token)));
    const page = await call(setLoader, `/admin/set-password/${token}`, {}, { token });
    expect(page.status).toBe(410);
    expect(await page.json()).toMatchObject({
      gone: "This invitation has already been used or has expired. Ask an owner to invite you again.",
    });
    const used = await usePassword(token);
    expect(used.status).toBe(410);
    const [none] = await db.select().from(owners).where(eq(owners.email, "late@griptruth.test"));
    expect(none).toBeUndefined();
    const unknown = "A".repeat(43);
    expect((await call(setLoader, `/admin/set-password/${unknown}`, {}, { token: unknown })).status).toBe(404);
    expect((await usePassword(unknown)).status).toBe(404);
  });

  it("X-DAY-4: removing an owner: never yourself, never the last; their sessions end at once", async () => {
    const db = await testDb();
    const cookie = await signInCookie();
    const [me] = await db.select().from(owners).where(eq(owners.email, OWNER.email));
    const removeMe = await call(ownersPage, "/admin/owners", {
      method: "POST",
      body: form({ intent: "remove", ownerId: me!.id, confirmed: "yes" }),
      headers: { cookie },
    });
    expect(removeMe.status).toBe(409);
    expect(await removeMe.json()).toMatchObject({ error: "You cannot remove yourself." });

    // A second owner, signed in twice.
    expect((await invite(cookie, "leaving@griptruth.test")).status).toBe(201);
    const { token } = await linkMailedTo("leaving@griptruth.test");
    const joined = await usePassword(token);
    const theirCookie = joined.headers.get("set-cookie")!.split(";")[0]!;
    const theirOther = await signInCookie("leaving@griptruth.test", NEW_PASSWORD, "198.51.100.43");
    const [them] = await db.select().from(owners).where(eq(owners.email, "leaving@griptruth.test"));

    // First the question, and nothing removed yet.
    const asked = await call(ownersPage, "/admin/owners", {
      method: "POST",
      body: form({ intent: "remove", ownerId: them!.id }),
      headers: { cookie },
    });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toMatchObject({ confirmRemove: { email: "leaving@griptruth.test" } });
    expect(await db.select().from(owners).where(eq(owners.id, them!.id))).toHaveLength(1);

    const removed = await call(ownersPage, "/admin/owners", {
      method: "POST",
      body: form({ intent: "remove", ownerId: them!.id, confirmed: "yes" }),
      headers: { cookie },
    });
    expect(removed.status).toBe(200);
    expect(await db.select().from(owners).where(eq(owners.id, them!.id))).toHaveLength(0);
    const left = await db.select().from(ownerSessions).where(sql`${ownerSessions.data}->>'ownerId' = ${them!.id}`);
    expect(left).toHaveLength(0);
    for (const c of [theirCookie, theirOther]) {
      expect((await call(ordersApi, "/api/admin/orders", { headers: { cookie: c } })).status).toBe(401);
    }
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, "owner.remove"));
    expect(audit).toMatchObject({ actor: OWNER.email, subject: "owner:leaving@griptruth.test" });
  });

  it("X-DAY-4: two owners removing each other at once leave one owner, never none", { tags: ["race"] }, async () => {
    const db = await testDb();
    const cookie = await signInCookie();
    // Only the first owner and two new ones from here.
    await db.delete(owners).where(sql`${owners.email} <> ${OWNER.email}`);
    for (const email of ["a@griptruth.test", "b@griptruth.test"]) {
      expect((await invite(cookie, email)).status).toBe(201);
      expect((await usePassword((await linkMailedTo(email)).token)).status).toBe(302);
    }
    // Leave only a and b.
    const a = await signInCookie("a@griptruth.test", NEW_PASSWORD, "198.51.100.50");
    const b = await signInCookie("b@griptruth.test", NEW_PASSWORD, "198.51.100.51");
    await db.delete(owners).where(eq(owners.email, OWNER.email));
    const [rowA] = await db.select().from(owners).where(eq(owners.email, "a@griptruth.test"));
    const [rowB] = await db.select().from(owners).where(eq(owners.email, "b@griptruth.test"));
    const [byA, byB] = await Promise.all([
      call(ownersPage, "/admin/owners", { method: "POST", body: form({ intent: "remove", ownerId: rowB!.id, confirmed: "yes" }), headers: { cookie: a } }),
      call(ownersPage, "/admin/owners", { method: "POST", body: form({ intent: "remove", ownerId: rowA!.id, confirmed: "yes" }), headers: { cookie: b } }),
    ]);
    const statuses = [byA.status, byB.status].sort();
    // One removal happens; the other owner's request finds its own account gone (403 or a
    // redirect to the login, depending on whether it got past the gate first).
    expect(statuses[0]).toBe(200);
    expect([302, 403]).toContain(statuses[1]);
    expect(await db.select().from(owners)).toHaveLength(1);
    // Put the first owner back for the tests after this one.
    await db.delete(owners);
    await db.insert(owners).values({ email: OWNER.email, passwordHash: rowA!.passwordHash });
  });

  it("X-DAY-4: two uses of one link at once: exactly one sets the password", { tags: ["race"] }, async () => {
    const cookie = await signInCookie("owner@griptruth.test", NEW_PASSWORD, "198.51.100.60");
    expect((await invite(cookie, "twice@griptruth.test")).status).toBe(201);
    const { token } = await linkMailedTo("twice@griptruth.test");
    const answers = await Promise.all([
      usePassword(token, "first racing password"),
      usePassword(token, "second racing password"),
      usePassword(token, "third racing password"),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 410, 410]);
    const db = await testDb();
    expect(await db.select().from(owners).where(eq(owners.email, "twice@griptruth.test"))).toHaveLength(1);
  });

  it("X-DAY-4: changing my password needs the current one and the rules; my other sessions end", async () => {
    // The first owner's password is NEW_PASSWORD since the race test above.
    const here = await signInCookie(OWNER.email, NEW_PASSWORD, "198.51.100.70");
    const elsewhere = await signInCookie(OWNER.email, NEW_PASSWORD, "198.51.100.71");
    const change = (fields: Record<string, string>) =>
      call(ownersPage, "/admin/owners", {
        method: "POST",
        body: form({ intent: "password", ...fields }),
        headers: { cookie: here, "x-client-address": "198.51.100.70" },
      });
    const wrong = await change({ currentPassword: "not my password", newPassword: OWNER.password, confirmPassword: OWNER.password });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Your current password is not right." });
    const short = await change({ currentPassword: NEW_PASSWORD, newPassword: "short", confirmPassword: "short" });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ error: "The password needs at least 12 characters." });
    const ok = await change({ currentPassword: NEW_PASSWORD, newPassword: OWNER.password, confirmPassword: OWNER.password });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ message: "Your password has been changed." });
    expect((await call(ordersApi, "/api/admin/orders", { headers: { cookie: here } })).status).toBe(200);
    expect((await call(ordersApi, "/api/admin/orders", { headers: { cookie: elsewhere } })).status).toBe(401);
    await signInCookie(OWNER.email, OWNER.password, "198.51.100.72");
  });

  it("X-DAY-4: forgot password: the same answer and timing shape for any address; the link resets once", async () => {
    const ask = async (email: string) => {
      const started = Date.now();
      const response = await call(forgotAction, "/admin/forgot-password", {
        method: "POST",
        body: form({ email }),
        headers: { "x-client-address": "198.51.100.80" },
      });
      return { status: response.status, body: await response.json(), ms: Date.now() - started };
    };
    const before = await mailsTo("nobody@griptruth.test");
    const unknown = await ask("nobody@griptruth.test");
    const known = await ask(OWNER.email.toUpperCase());
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual({ message: RESET_SENT });
    expect(known.body).toEqual(unknown.body);
    // Both wait for the same floor, whatever work the known address needed.
    expect(unknown.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(known.ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    expect(await mailsTo("nobody@griptruth.test")).toBe(before);
    const db = await testDb();
    expect(await db.select().from(ownerLinks).where(eq(ownerLinks.email, "nobody@griptruth.test"))).toHaveLength(0);

    const mail = await linkMailedTo(OWNER.email);
    expect(mail.text).toContain("1 hour");
    const [link] = await db.select().from(ownerLinks).where(and(eq(ownerLinks.kind, "reset"), eq(ownerLinks.tokenHash, hashToken(mail.token))));
    const minutes = (link!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const signedIn = await signInCookie(OWNER.email, OWNER.password, "198.51.100.81");
    const set = await usePassword(mail.token, "reset to this password");
    expect(set.status).toBe(302);
    // The old sessions end with the reset; the old password no longer works, the new one does.
    expect((await call(ordersApi, "/api/admin/orders", { headers: { cookie: signedIn } })).status).toBe(401);
    await expect(signInCookie(OWNER.email, OWNER.password, "198.51.100.82")).rejects.toThrow(/401/);
    await signInCookie(OWNER.email, "reset to this password", "198.51.100.83");
    expect((await usePassword(mail.token, "one more long password")).status).toBe(410);
    const bad = await ask("not an address");
    expect(bad.status).toBe(400);
  });

  it("X-DAY-4: the owners page lists the owners and open invitations", async () => {
    const cookie = await signInCookie(OWNER.email, "reset to this password", "198.51.100.90");
    const page = await call(ownersPageLoader, "/admin/owners", { headers: { cookie } });
    const body = (await page.json()) as { owners: { email: string }[]; invites: { email: string }[] };
    expect(body.owners.map((o) => o.email)).toContain(OWNER.email);
    expect(body.invites.map((i) => i.email)).not.toContain("late@griptruth.test");
  });
});
