import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse } from "~/security/edge.server";
import { recordAudit } from "~/security/audit.server";
import { safeNext } from "./guard.server";
import type { OwnerSessions } from "./session.server";
import { signIn } from "./sign-in.server";

/** The login form's work: check the password, start a session, go where the owner was headed. */
export async function signInWithForm(
  db: Database,
  request: Request,
  form: FormData,
  address: string,
  storage: OwnerSessions,
): Promise<Outcome<{ error?: string }>> {
  const outcome = await signIn(
    db,
    { email: form.get("email"), password: form.get("password") },
    address,
  );
  if (!outcome.ok) {
    return refuse(outcome.status, outcome.error, {
      headers: outcome.retryAfterSeconds
        ? { "Retry-After": String(outcome.retryAfterSeconds) }
        : undefined,
    });
  }
  // A fresh session id at every sign-in (no fixation).
  const session = await storage.getSession();
  session.set("ownerId", outcome.owner.id);
  session.set("email", outcome.owner.email);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  throw redirect(next, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** Ends the session and records it. */
export async function signOut(
  db: Database,
  request: Request,
  actor: string,
  storage: OwnerSessions,
): Promise<Response> {
  const session = await storage.getSession(request.headers.get("cookie"));
  await recordAudit(db, { actor, action: "sign_out" });
  return redirect("/admin/login", {
    headers: { "Set-Cookie": await storage.destroySession(session) },
  });
}
