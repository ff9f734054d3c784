import type { OriginSettings } from "~/security/origin.server";
import { and, asc, count, eq, gt, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { lockForTransaction } from "~/db/locks.server";
import { ownerLinks, owners } from "./schema";
import { enqueueMail } from "~/mail/outbox.server";
import { recordAudit } from "~/security/audit.server";
import { created, done, problem, type Result } from "~/shared/problems";
import type { SignedInOwner } from "~/security/owner-gate.server";
import {
  beginSignInAttempt,
  clearSignInFailures,
  recordSignInFailure,
  withdrawSignInAttempt,
} from "./lockout.server";
import {
  consumeLink,
  createOwnerLink,
  findUsableLink,
  LINK_GONE,
  type OwnerLink,
} from "./owner-links.server";
import { findOwnerByEmail, ownerEmail, ownerPassword } from "./owners.server";
import { hashPassword, PasswordHashingBusy, SIGN_IN_BUSY, verifyPassword } from "./password.server";
import { endOwnerSessions } from "./session.server";
import { MAX_LIVE_RESET_LINKS, PASSWORD_MAX, RESET_ANSWER_FLOOR_MS } from "~/shared/limits";
import { formatLondon } from "~/shared/london-time";

// The links' times (made, expired, revoked, used) are all the shop's clock, `now`, passed in and
// handed to the SQL as a parameter, never the database's now(): a link revoked at `now` is gone
// for every check made after it.

export interface OwnerRow {
  id: string;
  email: string;
  createdAt: string;
}

export interface PendingInvite {
  id: string;
  email: string;
  invitedBy: string;
  expiresAt: string;
}

/**
 * The owners, oldest first, and the invitations not yet used, cancelled or expired (X-DAY-4,
 * X-SEC-17): `invitations`, and the same list as `invites` for older readers.
 */
export async function listOwners(
  db: Database,
  now: Date,
): Promise<{ owners: OwnerRow[]; invitations: PendingInvite[]; invites: PendingInvite[] }> {
  const rows = await db
    .select({ id: owners.id, email: owners.email, createdAt: owners.createdAt })
    .from(owners)
    .orderBy(asc(owners.createdAt), asc(owners.email));
  const invites = await db
    .select({
      id: ownerLinks.id,
      email: ownerLinks.email,
      invitedBy: ownerLinks.createdBy,
      expiresAt: ownerLinks.expiresAt,
    })
    .from(ownerLinks)
    .where(
      and(eq(ownerLinks.kind, "invite"), isNull(ownerLinks.usedAt), gt(ownerLinks.expiresAt, now)),
    )
    .orderBy(asc(ownerLinks.createdAt));
  const invitations = invites.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() }));
  return {
    owners: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    invitations,
    invites: invitations,
  };
}

/** One lock for every change to who can sign in: removals, cancellations, accepted invitations. */
async function lockOwners(tx: Database): Promise<void> {
  await lockForTransaction(tx, "owners");
}

/** Said when an invitation is used after its inviter stopped being an owner (X-SEC-17). */
export const INVITER_GONE =
  "The owner who sent this invitation is no longer an owner of this shop, so it no longer works. Ask a current owner to invite you again.";

/** Said when the invitation to cancel was used, cancelled or has expired already. */
export const INVITATION_GONE = "That invitation has already been used, cancelled or has expired.";

/** Whether `link` is an invitation whose inviter is no longer an owner. */
async function inviterGone(db: Database, link: OwnerLink): Promise<boolean> {
  return link.kind === "invite" && !(await findOwnerByEmail(db, link.createdBy));
}

/** Ends every link still open that `email` sent, and the reset links for `ownerId`: expired now. */
async function revokeLinksOf(
  tx: Database,
  email: string,
  ownerId: string,
  now: Date,
): Promise<number> {
  const revoked = await tx
    .update(ownerLinks)
    .set({ expiresAt: now })
    .where(
      and(
        or(eq(ownerLinks.createdBy, email), eq(ownerLinks.ownerId, ownerId)),
        isNull(ownerLinks.usedAt),
        gt(ownerLinks.expiresAt, now),
      ),
    )
    .returning({ id: ownerLinks.id });
  return revoked.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Cancels an open invitation (X-SEC-17): its link stops working at once (expired now, kept for
 * the record). 404 with a sentence when it was used, cancelled or has expired already.
 */
export async function cancelInvitation(
  db: Database,
  invitationId: string,
  actor: SignedInOwner,
  now: Date,
): Promise<Result<{ cancelled: string }>> {
  if (!UUID.test(invitationId)) return problem("not_found", INVITATION_GONE);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockOwners(txDb);
    if (!(await findOwnerByEmail(txDb, actor.email))) {
      return problem("not_allowed", "Your account has been removed.");
    }
    const [link] = await txDb
      .update(ownerLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(ownerLinks.id, invitationId),
          eq(ownerLinks.kind, "invite"),
          isNull(ownerLinks.usedAt),
          gt(ownerLinks.expiresAt, now),
        ),
      )
      .returning({ email: ownerLinks.email });
    if (!link) return problem("not_found", INVITATION_GONE);
    await recordAudit(txDb, {
      actor: actor.email,
      action: "owner.invite_cancel",
      subject: `owner:${link.email}`,
      before: { email: link.email },
    });
    return done({ cancelled: link.email });
  });
}

/** An open invitation as the page's "Cancel invitation?" step names it. */
export async function findOpenInvitation(
  db: Database,
  invitationId: string,
  now: Date,
): Promise<{ id: string; email: string } | undefined> {
  if (!UUID.test(invitationId)) return undefined;
  const [link] = await db
    .select({ id: ownerLinks.id, email: ownerLinks.email })
    .from(ownerLinks)
    .where(
      and(
        eq(ownerLinks.id, invitationId),
        eq(ownerLinks.kind, "invite"),
        isNull(ownerLinks.usedAt),
        gt(ownerLinks.expiresAt, now),
      ),
    );
  return link;
}

const inviteInput = z.object({ email: ownerEmail }, "Enter a valid e-mail address.");

/**
 * Invites an owner (X-DAY-4): a one-time link to set a password, valid 48 hours, e-mailed
 * through the outbox in the same transaction. A new invitation to the same address replaces an
 * unused one. 409 when the address already has an account.
 */
export async function inviteOwner(
  db: Database,
  input: unknown,
  actor: SignedInOwner,
  settings: OriginSettings,
  now: Date,
): Promise<Result<{ invite: { email: string; expiresAt: string } }>> {
  const parsed = inviteInput.safeParse(input);
  if (!parsed.success) {
    return problem(
      "invalid_input",
      parsed.error.issues[0]?.message ?? "Enter a valid e-mail address.",
    );
  }
  const { email } = parsed.data;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    if (await findOwnerByEmail(txDb, email)) {
      return problem("already_exists", `${email} is already an owner.`);
    }
    await txDb
      .delete(ownerLinks)
      .where(
        and(eq(ownerLinks.kind, "invite"), eq(ownerLinks.email, email), isNull(ownerLinks.usedAt)),
      );
    const link = await createOwnerLink(
      txDb,
      { kind: "invite", email, createdBy: actor.email },
      settings,
      now,
    );
    await enqueueMail(
      txDb,
      {
        to: email,
        subject: "You are invited to the GRIP TRUTH back office",
        text: [
          `${actor.email} has invited you to run the GRIP TRUTH shop with them.`,
          "",
          "Choose your password here (at least 12 characters), then sign in:",
          link.url,
          "",
          `The link works once, until ${formatLondon(link.expiresAt)} (48 hours).`,
          "If you did not expect this, you can ignore this e-mail.",
        ].join("\n"),
      },
      { dedupeKey: `owner-link:${link.id}`, kind: "owner-invite", oneTimeLinks: [link.url] },
    );
    await recordAudit(txDb, {
      actor: actor.email,
      action: "owner.invite",
      subject: `owner:${email}`,
      after: { email, expiresAt: link.expiresAt.toISOString() },
    });
    return created({ invite: { email, expiresAt: link.expiresAt.toISOString() } });
  });
}

/**
 * Removes an owner (X-DAY-4): never yourself, never the last one. Under one lock, so two owners
 * removing each other at once cannot leave the shop without an owner. Their sessions end at once,
 * and every invitation they sent and reset link of theirs stops working (X-SEC-17).
 */
export async function removeOwner(
  db: Database,
  ownerId: string,
  actor: SignedInOwner,
  now: Date,
): Promise<Result<{ removed: string }>> {
  if (ownerId === actor.id) return problem("conflict", "You cannot remove yourself.");
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await lockOwners(txDb);
    const all = await txDb.select({ id: owners.id, email: owners.email }).from(owners);
    const target = all.find((o) => o.id === ownerId);
    if (!all.some((o) => o.id === actor.id)) {
      return problem("not_allowed", "Your account has been removed.");
    }
    if (!target) return problem("not_found", "That owner has already been removed.");
    if (all.length <= 1) return problem("conflict", "The shop needs at least one owner.");
    const revokedLinks = await revokeLinksOf(txDb, target.email, target.id, now);
    await txDb.delete(owners).where(eq(owners.id, target.id));
    await endOwnerSessions(txDb, target.id);
    await recordAudit(txDb, {
      actor: actor.email,
      action: "owner.remove",
      subject: `owner:${target.email}`,
      before: { email: target.email },
      after: { revokedLinks },
    });
    return done({ removed: target.email });
  });
}

const changeInput = z.object({
  currentPassword: z
    .string("Enter your current password.")
    .min(1, "Enter your current password.")
    .max(PASSWORD_MAX),
  newPassword: ownerPassword,
  confirmPassword: z.string().max(PASSWORD_MAX),
});

export const WRONG_CURRENT_PASSWORD = "Your current password is not right.";

/**
 * Changes the signed-in owner's own password (X-DAY-4): the current one is checked under the
 * sign-in lock-out; the new one follows the same rule as every owner password. The owner's other
 * sessions end; this one stays.
 */
export async function changeOwnPassword(
  db: Database,
  owner: SignedInOwner,
  input: { currentPassword: unknown; newPassword: unknown; confirmPassword: unknown },
  address: string,
  sessionId: string | undefined,
  now: Date,
): Promise<Result<{ message: string }>> {
  const parsed = changeInput.safeParse(input);
  if (!parsed.success)
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Invalid input.");
  const { currentPassword, newPassword, confirmPassword } = parsed.data;
  if (newPassword !== confirmPassword)
    return problem("invalid_input", "The two new passwords do not match.");
  const attempt = await beginSignInAttempt(db, owner.email, address, now);
  if (!attempt.admitted) {
    return problem(
      "rate_limited",
      `Too many wrong passwords. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`,
    );
  }
  let newHash: string;
  try {
    const account = await findOwnerByEmail(db, owner.email);
    if (!account || !(await verifyPassword(currentPassword, account.passwordHash))) {
      await recordSignInFailure(db, now);
      return problem("invalid_input", WRONG_CURRENT_PASSWORD);
    }
    newHash = await hashPassword(newPassword);
  } catch (error) {
    await withdrawSignInAttempt(db, attempt.id);
    if (error instanceof PasswordHashingBusy) return problem("unavailable", SIGN_IN_BUSY);
    throw error;
  }
  await clearSignInFailures(db, owner.email, address);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    await txDb.update(owners).set({ passwordHash: newHash }).where(eq(owners.id, owner.id));
    await endOwnerSessions(txDb, owner.id, sessionId);
    await recordAudit(txDb, {
      actor: owner.email,
      action: "owner.password_change",
      subject: `owner:${owner.email}`,
    });
  });
  return done({ message: "Your password has been changed." });
}

/** What "Forgot your password?" always says, whether or not the address has an account. */
export const RESET_SENT =
  "If that address belongs to an owner, we have e-mailed it a link to choose a new password. The link works once, for 1 hour.";

const resetInput = z.object({ email: ownerEmail });

/**
 * "Forgot your password?" (X-DAY-4): for an owner's address, a one-time link (1 hour) through
 * the outbox. The same answer for any valid address, after the same minimum time; the route
 * takes the sign-in quota per connection first.
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: unknown },
  settings: OriginSettings,
  now: Date,
): Promise<Result<{ message: string }>> {
  const parsed = resetInput.safeParse(input);
  if (!parsed.success) return problem("invalid_input", "Enter a valid e-mail address.");
  const started = performance.now();
  const { email } = parsed.data;
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const owner = await findOwnerByEmail(txDb, email);
    if (!owner) return;
    await lockForTransaction(txDb, "passwordReset", owner.id);
    const [live] = await txDb
      .select({ n: count() })
      .from(ownerLinks)
      .where(
        and(
          eq(ownerLinks.ownerId, owner.id),
          eq(ownerLinks.kind, "reset"),
          isNull(ownerLinks.usedAt),
          gt(ownerLinks.expiresAt, now),
        ),
      );
    if ((live?.n ?? 0) >= MAX_LIVE_RESET_LINKS) return;
    const link = await createOwnerLink(
      txDb,
      {
        kind: "reset",
        email: owner.email,
        ownerId: owner.id,
        createdBy: "forgot-password",
      },
      settings,
      now,
    );
    await enqueueMail(
      txDb,
      {
        to: owner.email,
        subject: "Choose a new password for the GRIP TRUTH back office",
        text: [
          "Someone (we hope you) asked to reset the password of your GRIP TRUTH owner account.",
          "",
          "Choose a new password here:",
          link.url,
          "",
          `The link works once, until ${formatLondon(link.expiresAt)} (1 hour).`,
          "If you did not ask, ignore this e-mail: your password stays as it is.",
        ].join("\n"),
      },
      { dedupeKey: `owner-link:${link.id}`, kind: "owner-reset", oneTimeLinks: [link.url] },
    );
  });
  const wait = RESET_ANSWER_FLOOR_MS - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return done({ message: RESET_SENT });
}

/** What the set-password page shows for a link that still works. */
export async function describeLink(
  db: Database,
  token: string,
  now: Date,
): Promise<Result<{ kind: OwnerLink["kind"]; email: string }>> {
  const found = await findUsableLink(db, token, now);
  if (!found.ok) return problem(found.problem, LINK_GONE[found.kind]);
  if (await inviterGone(db, found.link)) return problem("link_expired", INVITER_GONE);
  return done({ kind: found.link.kind, email: found.link.email });
}

const setInput = z.object({
  password: ownerPassword,
  confirmPassword: z.string().max(PASSWORD_MAX),
});

/**
 * Uses a one-time link (X-DAY-4): sets the password of the invited address (a new owner) or of
 * the owner who asked for the reset (their other sessions end), once. Answers the owner to sign
 * in. A used, expired or unknown link is refused with a sentence (410/404).
 */
export async function setPasswordFromLink(
  db: Database,
  token: string,
  input: { password: unknown; confirmPassword: unknown },
  now: Date,
): Promise<Result<{ owner: SignedInOwner }>> {
  const parsed = setInput.safeParse(input);
  if (!parsed.success)
    return problem("invalid_input", parsed.error.issues[0]?.message ?? "Invalid input.");
  if (parsed.data.password !== parsed.data.confirmPassword) {
    return problem("invalid_input", "The two passwords do not match.");
  }
  // A link that cannot work is refused before any hashing.
  const usable = await findUsableLink(db, token, now);
  if (!usable.ok) return problem(usable.problem, LINK_GONE[usable.kind]);
  if (await inviterGone(db, usable.link)) return problem("link_expired", INVITER_GONE);
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(parsed.data.password);
  } catch (error) {
    if (error instanceof PasswordHashingBusy) return problem("unavailable", SIGN_IN_BUSY);
    throw error;
  }
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    // Under the owners' lock: an inviter removed at the same moment is seen either way.
    await lockOwners(txDb);
    const used = await consumeLink(txDb, token, now);
    if (!used.ok) return problem(used.problem, LINK_GONE[used.kind]);
    const { link } = used;
    if (await inviterGone(txDb, link)) return problem("link_expired", INVITER_GONE);
    if (link.kind === "invite") {
      const [created] = await txDb
        .insert(owners)
        .values({ email: link.email, passwordHash })
        .onConflictDoNothing({ target: owners.email })
        .returning({ id: owners.id, email: owners.email });
      if (!created) {
        return problem(
          "already_exists",
          `${link.email} already has an owner account. Sign in instead.`,
        );
      }
      await recordAudit(txDb, {
        actor: created.email,
        action: "owner.invite_accepted",
        subject: `owner:${created.email}`,
        after: { invitedBy: link.createdBy },
      });
      return done({ owner: created });
    }
    if (!link.ownerId) return problem("link_expired", LINK_GONE.reset);
    const [owner] = await txDb
      .update(owners)
      .set({ passwordHash })
      .where(eq(owners.id, link.ownerId))
      .returning({ id: owners.id, email: owners.email });
    if (!owner) return problem("link_expired", LINK_GONE.reset);
    await endOwnerSessions(txDb, owner.id);
    await recordAudit(txDb, {
      actor: owner.email,
      action: "owner.password_reset",
      subject: `owner:${owner.email}`,
    });
    return done({ owner });
  });
}
