import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { isSameOrigin, jsonError } from "~/security/request.server";
import { findOwnerById } from "./owners.server";
import { sessions } from "./session.server";

export interface SignedInOwner {
  id: string;
  email: string;
}

const isWrite = (request: Request) => !["GET", "HEAD"].includes(request.method.toUpperCase());

/**
 * The one gate in front of every /admin page and /api/admin route (X-OPS-1): a cross-site
 * write is refused (403); without a session a page redirects to the login and the JSON API
 * answers 401. Throws the refusal as a Response, so a route's first line is
 * `const owner = await requireOwner(request, "page", db)`; actions declare `owner` to the edge.
 */
export async function requireOwner(
  request: Request,
  kind: "page" | "api",
  db: Database,
): Promise<SignedInOwner> {
  refuseCrossSite(request);
  const owner = await currentOwner(request, db);
  if (owner) return owner;
  if (kind === "api") throw jsonError("Sign in as the shop's owner first.", 401);
  const url = new URL(request.url);
  const next = isWrite(request) ? "/admin/orders" : `${url.pathname}${url.search}`;
  throw redirect(`/admin/login?next=${encodeURIComponent(next)}`);
}

/** A write from another site is refused with 403 (the login form has no session to check). */
export function refuseCrossSite(request: Request): void {
  if (isWrite(request) && !isSameOrigin(request)) {
    throw jsonError("Cross-site requests are not allowed.", 403);
  }
}

/** The signed-in owner for this request, if any (the account must still exist). */
export async function currentOwner(
  request: Request,
  db: Database,
): Promise<SignedInOwner | undefined> {
  const session = await sessions().getSession(request.headers.get("cookie"));
  const ownerId = session.get("ownerId");
  if (!ownerId) return undefined;
  const owner = await findOwnerById(db, ownerId);
  return owner ? { id: owner.id, email: owner.email } : undefined;
}

/** A same-site path to go to after signing in; anything else goes to the orders list. */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith("/admin") || next.startsWith("//")) return "/admin/orders";
  return next;
}
