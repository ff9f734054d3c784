import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ownerSignInFailures } from "~/db/schema";

/** 5 wrong passwords for an account from one address within 15 minutes lock it out there. */
export const LOCKOUT_ATTEMPTS = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;

/**
 * The one place sign-in attempts are limited (X-OPS-1). Failures live in the database, so
 * every process behind a load balancer sees the same count.
 */
export async function signInLockout(
  db: Database,
  email: string,
  address: string,
): Promise<{ locked: false } | { locked: true; retryAfterSeconds: number }> {
  const rows = await db
    .select({ at: ownerSignInFailures.failedAt })
    .from(ownerSignInFailures)
    .where(
      and(
        eq(ownerSignInFailures.email, email),
        eq(ownerSignInFailures.address, address),
        gt(ownerSignInFailures.failedAt, sql`now() - interval '30 minutes'`),
      ),
    )
    .orderBy(asc(ownerSignInFailures.failedAt));
  const lockedUntil = lockedUntilOf(
    rows.map((r) => r.at.getTime()),
    Date.now(),
  );
  if (lockedUntil === undefined) return { locked: false };
  return {
    locked: true,
    retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - Date.now()) / 1000)),
  };
}

/**
 * When the lock-out ends (ms), or undefined: a lock starts at the failure that makes 5 within
 * 15 minutes and lasts 15 minutes. Tries while locked are not counted.
 */
export function lockedUntilOf(failures: readonly number[], now: number): number | undefined {
  let until: number | undefined;
  for (let i = LOCKOUT_ATTEMPTS - 1; i < failures.length; i++) {
    const first = failures[i - (LOCKOUT_ATTEMPTS - 1)]!;
    const last = failures[i]!;
    if (last - first <= LOCKOUT_WINDOW_MS && last + LOCKOUT_WINDOW_MS > now) {
      until = Math.max(until ?? 0, last + LOCKOUT_WINDOW_MS);
    }
  }
  return until;
}

export async function recordSignInFailure(db: Database, email: string, address: string) {
  await db.insert(ownerSignInFailures).values({ email, address });
  // Old failures are of no use; drop them now and then.
  if (Math.random() < 0.05) {
    await db
      .delete(ownerSignInFailures)
      .where(lt(ownerSignInFailures.failedAt, sql`now() - interval '1 day'`));
  }
}

export async function clearSignInFailures(db: Database, email: string, address: string) {
  await db
    .delete(ownerSignInFailures)
    .where(and(eq(ownerSignInFailures.email, email), eq(ownerSignInFailures.address, address)));
}
