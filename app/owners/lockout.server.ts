import { and, asc, eq, gt, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { lockForTransaction } from "~/db/locks.server";
import { ownerSignInFailures } from "./schema";
import { clientKey } from "~/security/rate-limit.server";
import { LOCKOUT_ATTEMPTS, LOCKOUT_WINDOW_MS } from "~/shared/limits";

export type SignInAttempt =
  { admitted: true; id: number } | { admitted: false; retryAfterSeconds: number };

/**
 * The one place sign-in attempts are limited (X-OPS-1, X-SEC-9). An attempt is written down as a
 * failure BEFORE its password is checked, under a lock on its account and address, so parallel
 * guesses queue for the count instead of all reading it before any failure is written: at most
 * 5 passwords are ever checked in 15 minutes, however many arrive at once. A success clears the
 * failures (`clearSignInFailures`); an attempt that was not checked after all is withdrawn.
 * Failures live in the database, so every process behind a load balancer sees the same count,
 * and the address is counted as the other limits count it (`clientKey`: IPv6 by /64).
 *
 * `now` is the shop's clock, and it alone decides: the failures are written at it and counted
 * back from it (a parameter in the SQL, not the database's now()).
 */
export async function beginSignInAttempt(
  db: Database,
  email: string,
  address: string,
  now: Date,
): Promise<SignInAttempt> {
  const key = clientKey(address);
  return db.transaction(async (tx) => {
    await lockForTransaction(tx, "signIn", `${email}:${key}`);
    const rows = await tx
      .select({ at: ownerSignInFailures.failedAt })
      .from(ownerSignInFailures)
      .where(
        and(
          eq(ownerSignInFailures.email, email),
          eq(ownerSignInFailures.address, key),
          gt(ownerSignInFailures.failedAt, new Date(now.getTime() - 2 * LOCKOUT_WINDOW_MS)),
        ),
      )
      .orderBy(asc(ownerSignInFailures.failedAt));
    const lockedUntil = lockedUntilOf(
      rows.map((r) => r.at.getTime()),
      now.getTime(),
    );
    // Tries while locked are not counted.
    if (lockedUntil !== undefined) {
      return {
        admitted: false,
        retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil - now.getTime()) / 1000)),
      };
    }
    const [row] = await tx
      .insert(ownerSignInFailures)
      .values({ email, address: key, failedAt: now })
      .returning({ id: ownerSignInFailures.id });
    if (!row) throw new Error("The sign-in attempt was not recorded.");
    return { admitted: true, id: row.id };
  });
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

/** A wrong password: the attempt stays counted. Failures a day older than `now` are dropped now
 *  and then. */
export async function recordSignInFailure(db: Database, now: Date) {
  if (Math.random() < 0.05) {
    await db
      .delete(ownerSignInFailures)
      .where(lt(ownerSignInFailures.failedAt, new Date(now.getTime() - 86_400_000)));
  }
}

/** An attempt whose password was never checked (the server was busy): not a failure. */
export async function withdrawSignInAttempt(db: Database, id: number) {
  await db.delete(ownerSignInFailures).where(eq(ownerSignInFailures.id, id));
}

/** The right password: the account's failures from this address are forgotten. */
export async function clearSignInFailures(db: Database, email: string, address: string) {
  await db
    .delete(ownerSignInFailures)
    .where(
      and(
        eq(ownerSignInFailures.email, email),
        eq(ownerSignInFailures.address, clientKey(address)),
      ),
    );
}
