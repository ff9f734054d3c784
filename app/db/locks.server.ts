import { sql } from "drizzle-orm";
import type { Database } from "./database";

/**
 * Every PostgreSQL advisory lock the shop takes, by name, in one scheme: a lock is a pair of
 * 32-bit numbers, the name's class below and `hashtext` of a key within it ("" for one lock of
 * its kind). Two places that lock the same resource use the same name and key, so they queue
 * for each other; different names never collide. The numbers are any fixed ones: locks are not
 * stored.
 */
export const ADVISORY_LOCKS = {
  /** Every process of the shop around its migrations (a session lock). */
  migrations: 7_310_001,
  /** The review photos' storage quota: one upload at a time counts the bytes stored. */
  photoQuota: 7_310_002,
  /** The shop's settings: one save (or demo removal) at a time. */
  shopSettings: 7_310_003,
  /** Every change to who can sign in: removals, cancellations, accepted invitations. */
  owners: 7_310_004,
  /** One owner's password-reset links (key: the owner's id). */
  passwordReset: 7_310_005,
  /** Sign-in attempts of one e-mail from one address (key: `${email}:${address}`). */
  signIn: 7_310_006,
  /** One address's pending orders (key: the client key). */
  pendingByClient: 7_310_011,
  /** X-SEC-24: the back-in-stock e-mails to one address (key: the e-mail address). */
  stockAlertMail: 7_310_012,
} as const;

export type AdvisoryLock = keyof typeof ADVISORY_LOCKS;

/** Waits for the lock `name` (on `key`), held until the transaction ends. */
export async function lockForTransaction(
  tx: Pick<Database, "execute">,
  name: AdvisoryLock,
  key = "",
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[name]}, hashtext(${key}))`);
}

/** A connection that takes plain SQL (a pool's client). */
interface SqlClient {
  query(text: string, values: unknown[]): Promise<unknown>;
}

/** Runs `work` holding the session lock `name` (on `key`) on `client`, released after. */
export async function withSessionLock<T>(
  client: SqlClient,
  name: AdvisoryLock,
  work: () => Promise<T>,
  key = "",
): Promise<T> {
  const pair = [ADVISORY_LOCKS[name], key];
  await client.query("SELECT pg_advisory_lock($1, hashtext($2))", pair);
  try {
    return await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", pair);
  }
}
