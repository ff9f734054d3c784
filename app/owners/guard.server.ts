import { redirect, type RouterContextProvider } from "react-router";
import { dbFrom, settingsFrom } from "~/db/context.server";
import type { OwnerGate, SignedInOwner } from "~/security/owner-gate.server";
import { isSameOrigin, jsonError } from "~/security/request.server";
import { findOwnerById } from "./owners.server";
import { ownerSessionsFrom } from "./session.server";

export type { SignedInOwner } from "~/security/owner-gate.server";

const isWrite = (request: Request) => !["GET", "HEAD"].includes(request.method.toUpperCase());

/**
 * The one gate in front of every /admin page and /api/admin route (X-OPS-1): a cross-site
 * write is refused (403); without a session a page redirects to the login and the JSON API
 * answers 401. Throws the refusal as a Response, so a route's first line is
 * `const owner = await requireOwner(request, "page", context)`; actions declare `owner` to the edge.
 */
export const requireOwner: OwnerGate = async (request, kind, context) => {
  refuseCrossSite(request, context);
  const owner = await currentOwner(request, context);
  if (owner) return owner;
  if (kind === "api") throw jsonError("Sign in as the shop's owner first.", 401);
  const url = new URL(request.url);
  const next = isWrite(request) ? OWNER_HOME : `${url.pathname}${url.search}`;
  throw redirect(`/admin/login?next=${encodeURIComponent(next)}`);
};

/** A write from another site is refused with 403 (the login form has no session to check). */
export function refuseCrossSite(request: Request, context: Readonly<RouterContextProvider>): void {
  if (isWrite(request) && !isSameOrigin(request, settingsFrom(context))) {
    throw jsonError("Cross-site requests are not allowed.", 403);
  }
}

/** The signed-in owner for this request, if any (the account must still exist). */
export async function currentOwner(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SignedInOwner | undefined> {
  const session = await ownerSessionsFrom(context).getSession(request.headers.get("cookie"));
  const ownerId = session.get("ownerId");
  if (!ownerId) return undefined;
  const owner = await findOwnerById(dbFrom(context), ownerId);
  return owner ? { id: owner.id, email: owner.email } : undefined;
}

/** One path segment or query character of a URL: unreserved, sub-delims, ":" "@", or %XX. */
const URL_CHAR = String.raw`(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})`;
/**
 * `/admin`, or `/admin/` followed by non-empty segments of URL characters, and an optional query
 * of the same characters plus "/" and "?": no control characters, no backslash, no "//", no
 * "." or ".." segment (X-SEC-13).
 */
const ADMIN_PATH = new RegExp(
  String.raw`^/admin(?:/(?!\.{1,2}(?:/|\?|$))${URL_CHAR}+)*/?(?:\?(?:${URL_CHAR}|[/?])*)?$`,
);

/** Where an owner lands after signing in without a page to go back to: the dashboard (X-TRUE-6). */
export const OWNER_HOME = "/admin";

/**
 * X-SEC-27: whether a path, decoded as often as it still changes (a browser or a proxy may decode
 * `%252e` to `%2e`, then to `.`), ever has a "." or ".." segment, a "//" or a backslash: what a
 * browser would resolve outside the path it reads as. A path that cannot be decoded has one.
 */
function hasEncodedDotSegment(path: string): boolean {
  let current = path;
  for (let round = 0; round < 5; round++) {
    if (
      /(?:^|\/)\.{1,2}(?:\/|$)/.test(current) ||
      current.includes("//") ||
      current.includes("\\")
    ) {
      return true;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return true;
    }
    if (decoded === current) return false;
    current = decoded;
  }
  return true;
}

/** A plain back-office path to go to after signing in; anything else goes to the dashboard. */
export function safeNext(next: string | null): string {
  if (!next || next.length > 500 || !ADMIN_PATH.test(next) || next.includes("//")) {
    return OWNER_HOME;
  }
  if (hasEncodedDotSegment(next.split("?")[0]!)) return OWNER_HOME;
  return next;
}
