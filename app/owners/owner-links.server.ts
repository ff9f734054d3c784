import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ownerLinks } from "./schema";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import type { ProblemKind } from "~/shared/problems";

export type OwnerLinkKind = "invite" | "reset";
export type OwnerLink = typeof ownerLinks.$inferSelect;

/** How long a link works (X-DAY-4): an invitation 48 hours, a password reset 1 hour. */
export const LINK_LIFETIME_MS: Record<OwnerLinkKind, number> = {
  invite: 48 * 60 * 60_000,
  reset: 60 * 60_000,
};

/** The path a link opens; the token is its last segment. */
export const SET_PASSWORD_PATH = "/admin/set-password";

/** Said for a link that was used, has expired, or never existed: one sentence, no hint which. */
export const LINK_GONE: Record<OwnerLinkKind | "unknown", string> = {
  invite: "This invitation has already been used or has expired. Ask an owner to invite you again.",
  reset: "This link has already been used or has expired. Ask for a new one from the sign-in page.",
  unknown:
    "This link has already been used or has expired. Ask for a new one from the sign-in page.",
};

/** Only the SHA-256 of a token is stored: the database never holds a working link. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A token has 32 random bytes, base64url: 43 characters. Anything else is not one of ours. */
function isTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * Writes a new one-time link (in the caller's transaction) and answers its URL, which goes only
 * into the e-mail.
 */
export async function createOwnerLink(
  tx: Database,
  link: { kind: OwnerLinkKind; email: string; ownerId?: string; createdBy: string },
  settings: OriginSettings,
  now: Date,
): Promise<{ url: string; expiresAt: Date; id: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[link.kind]);
  const [row] = await tx
    .insert(ownerLinks)
    .values({
      kind: link.kind,
      email: link.email,
      ownerId: link.ownerId ?? null,
      tokenHash: hashToken(token),
      createdBy: link.createdBy,
      expiresAt,
    })
    .returning({ id: ownerLinks.id });
  if (!row) throw new Error("The link was not recorded.");
  return {
    url: `${canonicalOrigin(settings)}${SET_PASSWORD_PATH}/${token}`,
    expiresAt,
    id: row.id,
  };
}

export type LinkLookup =
  | { ok: true; link: OwnerLink }
  | {
      ok: false;
      /** Used or expired, or no such link. */
      problem: Extract<ProblemKind, "link_expired" | "not_found">;
      kind: OwnerLinkKind | "unknown";
    };

/** A link that still works at `now`, or why not (used or expired, or unknown). Reads only. */
export async function findUsableLink(db: Database, token: string, now: Date): Promise<LinkLookup> {
  if (!isTokenShape(token)) return { ok: false, problem: "not_found", kind: "unknown" };
  const [link] = await db
    .select()
    .from(ownerLinks)
    .where(eq(ownerLinks.tokenHash, hashToken(token)))
    .limit(1);
  if (!link) return { ok: false, problem: "not_found", kind: "unknown" };
  if (link.usedAt || link.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, problem: "link_expired", kind: link.kind };
  }
  return { ok: true, link };
}

/**
 * Uses a link, once: one UPDATE marks it used only while it is unused and unexpired, so of two
 * uses at once exactly one gets the row (the other waits for the row lock, then finds it used).
 * `now`, the shop's clock, decides whether it has expired, in the UPDATE (a parameter, not the
 * database's now()) as in findUsableLink.
 */
export async function consumeLink(tx: Database, token: string, now: Date): Promise<LinkLookup> {
  if (!isTokenShape(token)) return { ok: false, problem: "not_found", kind: "unknown" };
  const [link] = await tx
    .update(ownerLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(ownerLinks.tokenHash, hashToken(token)),
        isNull(ownerLinks.usedAt),
        gt(ownerLinks.expiresAt, now),
      ),
    )
    .returning();
  if (link) return { ok: true, link };
  return findUsableLink(tx, token, now).then((found) =>
    found.ok ? { ok: false, problem: "link_expired", kind: found.link.kind } : found,
  );
}
