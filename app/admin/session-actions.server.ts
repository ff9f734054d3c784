import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { clientAddress } from "~/security/request.server";
import { recordAudit } from "./audit.server";
import { safeNext } from "./guard.server";
import { sessions } from "./session.server";
import { signIn } from "./sign-in.server";

/** The login form's work: check the password, start a session, go where the owner was headed. */
export async function signInWithForm(
  request: Request,
): Promise<{ ok: false; status: number; error: string; headers?: HeadersInit } | Response> {
  const form = await request.formData();
  const outcome = await signIn(
    await getDb(),
    { email: form.get("email"), password: form.get("password") },
    clientAddress(request),
  );
  if (!outcome.ok) {
    return {
      ok: false,
      status: outcome.status,
      error: outcome.error,
      headers: outcome.retryAfterSeconds
        ? { "Retry-After": String(outcome.retryAfterSeconds) }
        : undefined,
    };
  }
  const storage = sessions();
  // A fresh session id at every sign-in (no fixation).
  const session = await storage.getSession();
  session.set("ownerId", outcome.owner.id);
  session.set("email", outcome.owner.email);
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  return redirect(next, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** Ends the session and records it. */
export async function signOut(request: Request, actor: string): Promise<Response> {
  const storage = sessions();
  const session = await storage.getSession(request.headers.get("cookie"));
  await recordAudit(await getDb(), { actor, action: "sign_out" });
  return redirect("/admin/login", {
    headers: { "Set-Cookie": await storage.destroySession(session) },
  });
}
