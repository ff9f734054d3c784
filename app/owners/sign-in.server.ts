import { z } from "zod";
import type { Database } from "~/db/client.server";
import { hasNoNul } from "~/shared/text";
import { recordAudit } from "~/security/audit.server";
import {
  beginSignInAttempt,
  clearSignInFailures,
  recordSignInFailure,
  withdrawSignInAttempt,
} from "./lockout.server";
import { findOwnerByEmail } from "./owners.server";
import { decoyHash, PasswordHashingBusy, SIGN_IN_BUSY, verifyPassword } from "./password.server";
import { EMAIL_MAX, PASSWORD_MAX } from "~/shared/limits";
import type { Problem } from "~/shared/problems";

const signInInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your e-mail and password.")
    .max(EMAIL_MAX)
    .refine(hasNoNul, "Enter a valid e-mail address."),
  password: z.string().min(1, "Enter your e-mail and password.").max(PASSWORD_MAX),
});

export const WRONG_CREDENTIALS = "That e-mail and password do not match an owner account.";

const SIGN_IN_BLANK = {
  email: "Enter your e-mail address.",
  password: "Enter your password.",
} as const;

export type SignInOutcome = { ok: true; owner: { id: string; email: string } } | Problem;

/**
 * Checks an owner's e-mail and password (X-OPS-1). After 5 wrong passwords for an account from
 * one address within 15 minutes, tries get 429 for 15 minutes, right password or not; parallel
 * tries included (X-SEC-9). The route's per-address quota (QUOTAS.signIn, X-SEC-10) is taken
 * before this runs, and the hashes running at once are capped (password.server.ts): 503 when busy.
 */
export async function signIn(
  db: Database,
  input: { email: unknown; password: unknown },
  address: string,
  now: Date,
): Promise<SignInOutcome> {
  const parsed = signInInput.safeParse(input);
  if (!parsed.success) {
    // Each wrong field's own message for the form (X-A11Y-2), beside the one sentence.
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      if (field !== "email" && field !== "password") continue;
      fieldErrors[field] ??= issue.code === "too_small" ? SIGN_IN_BLANK[field] : issue.message;
    }
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid input.",
      extra: { fieldErrors },
    };
  }
  const email = parsed.data.email.toLowerCase();
  // Counted before the password is checked, so parallel guesses cannot outrun the count (X-SEC-9).
  const attempt = await beginSignInAttempt(db, email, address, now);
  if (!attempt.admitted) {
    return {
      ok: false,
      kind: "rate_limited",
      message: `Too many wrong passwords. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`,
      retryAfter: attempt.retryAfterSeconds,
    };
  }
  let owner;
  let matches;
  try {
    owner = await findOwnerByEmail(db, email);
    matches = await verifyPassword(
      parsed.data.password,
      owner?.passwordHash ?? (await decoyHash()),
    );
  } catch (error) {
    // The password was never checked: the attempt does not count against the account.
    await withdrawSignInAttempt(db, attempt.id);
    if (error instanceof PasswordHashingBusy) {
      return { ok: false, kind: "unavailable", message: SIGN_IN_BUSY, retryAfter: 5 };
    }
    throw error;
  }
  if (!owner || !matches) {
    await recordSignInFailure(db, now);
    // Which of the two is wrong is not said; the summary's link goes to the password.
    return {
      ok: false,
      kind: "not_signed_in",
      message: WRONG_CREDENTIALS,
      extra: { fieldErrors: { password: WRONG_CREDENTIALS } },
    };
  }
  await clearSignInFailures(db, email, address);
  await recordAudit(db, {
    actor: owner.email,
    action: "sign_in",
    after: { address },
  });
  return { ok: true, owner: { id: owner.id, email: owner.email } };
}
