import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/db/database";
import { serverSecrets } from "./schema";

/**
 * A random key made once and kept in the database, so that every process of the shop signs and
 * checks with the same one (review links, owner session cookies) when none is configured.
 */
export async function storedSecret(db: Database, name: string): Promise<string> {
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
