import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { TEAM_KEY_PATTERN } from "./rules";

/**
 * A team store's two keys (X-TEAM-3, X-SEC-25): the organiser's, kept only as its SHA-256 hash,
 * and the members' (`memberUrl`), kept as it is so the organiser's and the owner's pages can show
 * the link. A key that could not be one (X-SEC-27) is never compared.
 */

/** A new key: 32 base64url characters (TEAM_KEY_PATTERN). */
export const newTeamKey = () => randomBytes(24).toString("base64url");

export const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");

function sameText(a: string, b: string): boolean {
  const given = Buffer.from(a);
  const stored = Buffer.from(b);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** Whether `key` is the organiser's key of the team. */
export function isOrganiserKey(team: { organiserKeyHash: string }, key: string | null | undefined) {
  return typeof key === "string" && TEAM_KEY_PATTERN.test(key)
    ? sameText(hashKey(key), team.organiserKeyHash)
    : false;
}

/** Whether `key` lets a member send an entry: the members' key, or the organiser's. */
export function isEntryKey(
  team: { organiserKeyHash: string; memberKey: string },
  key: string | null | undefined,
) {
  if (typeof key !== "string" || !TEAM_KEY_PATTERN.test(key)) return false;
  return sameText(key, team.memberKey) || isOrganiserKey(team, key);
}
