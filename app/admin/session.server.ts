import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import { createCookie, createSessionStorage, type SessionStorage } from "react-router";
import { type Database, getDb } from "~/db/client.server";
import { ownerSessions } from "~/db/schema";
import { env } from "~/env.server";

export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
export const SESSION_COOKIE = "gt_owner";

export interface OwnerSessionData {
  ownerId: string;
  email: string;
}

/**
 * Owner sessions (X-OPS-1): React Router's session API over the owner_sessions table. The cookie
 * holds only a random 256-bit id; HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https,
 * 12 hours.
 */
export function ownerSessionStorage(
  database: () => Promise<Database> = getDb,
): SessionStorage<OwnerSessionData> {
  const { PUBLIC_URL, SESSION_SECRET } = env();
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: PUBLIC_URL?.startsWith("https:") ?? false,
    path: "/",
    maxAge: SESSION_LIFETIME_SECONDS,
    ...(SESSION_SECRET ? { secrets: [SESSION_SECRET] } : {}),
  });
  const expiry = (expires?: Date) =>
    expires ?? new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000);
  return createSessionStorage<OwnerSessionData>({
    cookie,
    async createData(data, expires) {
      const db = await database();
      const id = randomBytes(32).toString("base64url");
      await db.insert(ownerSessions).values({ id, data, expiresAt: expiry(expires) });
      if (Math.random() < 0.05) {
        await db.delete(ownerSessions).where(lt(ownerSessions.expiresAt, sql`now()`));
      }
      return id;
    },
    async readData(id) {
      const db = await database();
      const [row] = await db
        .select({ data: ownerSessions.data, expiresAt: ownerSessions.expiresAt })
        .from(ownerSessions)
        .where(eq(ownerSessions.id, id))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      return row.data as Partial<OwnerSessionData>;
    },
    async updateData(id, data, expires) {
      const db = await database();
      await db
        .update(ownerSessions)
        .set({ data, expiresAt: expiry(expires) })
        .where(eq(ownerSessions.id, id));
    },
    async deleteData(id) {
      const db = await database();
      await db.delete(ownerSessions).where(eq(ownerSessions.id, id));
    },
  });
}

let storage: SessionStorage<OwnerSessionData> | undefined;
export function sessions(): SessionStorage<OwnerSessionData> {
  storage ??= ownerSessionStorage();
  return storage;
}
