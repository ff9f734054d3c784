import type { Refusal } from "~/security/edge.server";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { hasNoNul } from "~/shared/text";
import { recordAudit } from "~/security/audit.server";
import { clearSignInFailures, recordSignInFailure, signInLockout } from "./lockout.server";
import { findOwnerByEmail } from "./owners.server";
import { decoyHash, verifyPassword } from "./password.server";
import { EMAIL_MAX } from "~/shared/limits";

const signInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail and password.")
    .max(EMAIL_MAX)
    .refine(hasNoNul, "Enter a valid e-mail address."),
  password: z.string().min(1, "Enter your e-mail and password.").max(200),
});

export const WRONG_CREDENTIALS = "That e-mail and password do not match an owner account.";

export type SignInOutcome =
  | { ok: true; owner: { id: string; email: string } }
  | { ok: false; status: Refusal["status"]; error: string; retryAfterSeconds?: number };

/**
 * Checks an owner's e-mail and password (X-OPS-1). After 5 wrong passwords for an account from
 * one address within 15 minutes, tries get 429 for 15 minutes, right password or not.
 */
export async function signIn(
  db: Database,
  input: { email: unknown; password: unknown },
  address: string,
): Promise<SignInOutcome> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? "Invalid input." };
  }
  const email = parsed.data.email.toLowerCase();
  const lock = await signInLockout(db, email, address);
  if (lock.locked) {
    return {
      ok: false,
      status: 429,
      error: `Too many wrong passwords. Try again in ${Math.ceil(lock.retryAfterSeconds / 60)} minutes.`,
      retryAfterSeconds: lock.retryAfterSeconds,
    };
  }
  const owner = await findOwnerByEmail(db, email);
  const matches = await verifyPassword(
    parsed.data.password,
    owner?.passwordHash ?? (await decoyHash()),
  );
  if (!owner || !matches) {
    await recordSignInFailure(db, email, address);
    return { ok: false, status: 401, error: WRONG_CREDENTIALS };
  }
  await clearSignInFailures(db, email, address);
  await recordAudit(db, {
    actor: owner.email,
    action: "sign_in",
    after: { address },
  });
  return { ok: true, owner: { id: owner.id, email: owner.email } };
}
