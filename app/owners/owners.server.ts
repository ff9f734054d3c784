import { count, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { owners } from "./schema";
import { hashPassword } from "./password.server";
import { EMAIL_MAX, MIN_PASSWORD_LENGTH, PASSWORD_MAX } from "~/shared/limits";
import type { Problem } from "~/shared/problems";

export { MIN_PASSWORD_LENGTH };

/** An owner's e-mail: a valid address, kept lower-case. */
export const ownerEmail = z
  .string("Enter a valid e-mail address.")
  .trim()
  .pipe(z.email("Enter a valid e-mail address.").max(EMAIL_MAX, "Enter a valid e-mail address."))
  .transform((e) => e.toLowerCase());

/** The one rule for a new owner password: 12 to 200 characters. */
export const ownerPassword = z
  .string("Enter a password.")
  .min(MIN_PASSWORD_LENGTH, `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(PASSWORD_MAX, `The password can have at most ${PASSWORD_MAX} characters.`);

const ownerInput = z.object({ email: ownerEmail, password: ownerPassword });

export type Owner = typeof owners.$inferSelect;

export type CreateOwnerOutcome = { ok: true; owner: { id: string; email: string } } | Problem;

/** Adds an owner account (X-OPS-1); 409 when the e-mail already has one. */
export async function createOwner(
  db: Database,
  input: { email: string; password: string },
): Promise<CreateOwnerOutcome> {
  const parsed = ownerInput.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid input.",
    };
  }
  const passwordHash = await hashPassword(parsed.data.password);
  const [row] = await db
    .insert(owners)
    .values({ email: parsed.data.email, passwordHash })
    .onConflictDoNothing({ target: owners.email })
    .returning({ id: owners.id, email: owners.email });
  if (!row)
    return {
      ok: false,
      kind: "already_exists",
      message: "An owner with that e-mail already exists.",
    };
  return { ok: true, owner: row };
}

export async function findOwnerByEmail(db: Database, email: string): Promise<Owner | undefined> {
  const [row] = await db
    .select()
    .from(owners)
    .where(eq(owners.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findOwnerById(db: Database, id: string): Promise<Owner | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(owners).where(eq(owners.id, id)).limit(1);
  return row;
}

/**
 * The first owner from ADMIN_EMAIL and ADMIN_PASSWORD, when the shop has no owner yet. Run when
 * the database is first opened; two processes starting together make one owner (unique e-mail).
 */
export async function ensureFirstOwner(
  db: Database,
  source: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string },
): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = source;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const [existing] = await db.select({ n: count() }).from(owners);
  if ((existing?.n ?? 0) > 0) return;
  const created = await createOwner(db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (!created.ok && created.kind !== "already_exists") {
    throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${created.message}`);
  }
}
