import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { type Result } from "~/shared/problems";
import { recordAudit } from "~/security/audit.server";
import { safeNext } from "./guard.server";
import type { OwnerSessions } from "./session.server";
import { signIn } from "./sign-in.server";
import { changeOwnPassword, setPasswordFromLink } from "./staff.server";
import type { SignedInOwner } from "~/security/owner-gate.server";

/** The login form's work: check the password, start a session, go where the owner was headed. */
export async function signInWithForm(
  db: Database,
  request: Request,
  form: FormData,
  address: string,
  storage: OwnerSessions,
  now: Date,
): Promise<Result<{ error?: string }>> {
  const outcome = await signIn(
    db,
    { email: form.get("email"), password: form.get("password") },
    address,
    now,
  );
  // A problem's retryAfter (locked out, hashing busy) is said as Retry-After by the edge.
  if (!outcome.ok) return outcome;
  throw await startSession(
    storage,
    outcome.owner,
    safeNext(new URL(request.url).searchParams.get("next")),
  );
}

/** A fresh session for the owner (a new id at every sign-in: no fixation), then on to `to`. */
export async function startSession(
  storage: OwnerSessions,
  owner: SignedInOwner,
  to: string,
): Promise<Response> {
  const session = await storage.getSession();
  session.set("ownerId", owner.id);
  session.set("email", owner.email);
  return redirect(to, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** The set-password form of a one-time link (X-DAY-4): sets it, then signs the owner in. */
export async function setPasswordWithForm(
  db: Database,
  token: string,
  form: FormData,
  storage: OwnerSessions,
  now: Date,
): Promise<Result<{ error?: string }>> {
  const outcome = await setPasswordFromLink(
    db,
    token,
    { password: form.get("password"), confirmPassword: form.get("confirmPassword") },
    now,
  );
  if (!outcome.ok) return outcome;
  throw await startSession(storage, outcome.data.owner, "/admin");
}

/** The change-password form on /admin/owners: this session stays, the owner's others end. */
export async function changePasswordWithForm(
  db: Database,
  request: Request,
  owner: SignedInOwner,
  form: FormData,
  address: string,
  storage: OwnerSessions,
  now: Date,
) {
  const session = await storage.getSession(request.headers.get("cookie"));
  return changeOwnPassword(
    db,
    owner,
    {
      currentPassword: form.get("currentPassword"),
      newPassword: form.get("newPassword"),
      confirmPassword: form.get("confirmPassword"),
    },
    address,
    session.id || undefined,
    now,
  );
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
