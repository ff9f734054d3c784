import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { serverSecrets } from "./schema";

/** Each database's keys as this process has read them: a stored key never changes. */
const read = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * A random key made once and kept in the database, so that every process of the shop signs and
 * checks with the same one (review links, owner session cookies) when none is configured.
 * Asked of the database once per process and name (issue 51: three round trips per checkout).
 */
export function storedSecret(db: Database, name: string): Promise<string> {
  let known = read.get(db);
  if (!known) read.set(db, (known = new Map()));
  let secret = known.get(name);
  if (!secret) {
    secret = readOrMake(db, name);
    known.set(name, secret);
    // A failed read is not kept: the next caller asks again.
    secret.catch(() => known.delete(name));
  }
  return secret;
}

/** Forgets what this process read (a test that removes the stored keys). */
export function forgetStoredSecrets(db: Database): void {
  read.delete(db);
}

async function readOrMake(db: Database, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`The ${name} key could not be stored.`);
  return row.value;
}
