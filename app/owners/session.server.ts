import { randomBytes } from "node:crypto";
import { and, eq, lt, ne, sql } from "drizzle-orm";
import {
  createContext,
  createCookie,
  createSessionStorage,
  type RouterContextProvider,
  type SessionStorage,
} from "react-router";
import type { Database } from "~/db/database";
import { ownerSessions } from "./schema";
import { hashToken } from "./owner-links.server";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";
import { SESSION_LIFETIME_SECONDS } from "~/shared/limits";

export const SESSION_COOKIE = "gt_owner";

export interface OwnerSessionData {
  ownerId: string;
  email: string;
}

/**
 * Owner sessions (X-OPS-1): React Router's session API over the owner_sessions table. The cookie
 * holds only a random 256-bit id; HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https,
 * 12 hours. The table keeps only the id's SHA-256 (X-SEC-22, as for one-time links): a copy of
 * the table (a backup, the data folder) opens no session.
 *
 * The shop's clock (`clock`, handed in by the composition root) decides when a session ends: the
 * row's expiry is counted from it, and it is compared with it, in code and in the SQL (a
 * parameter, not the database's now()). React Router's own `expires` (its cookie's Max-Age from
 * the system's time) is not used for the row.
 */
export function ownerSessionStorage(
  db: Database,
  config: Pick<Env, "PUBLIC_URL"> & { sessionSecret: string; clock: Clock },
): SessionStorage<OwnerSessionData> {
  const { PUBLIC_URL, sessionSecret, clock } = config;
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: PUBLIC_URL?.startsWith("https:") ?? false,
    path: "/",
    maxAge: SESSION_LIFETIME_SECONDS,
    secrets: [sessionSecret],
  });
  const expiry = () => new Date(clock.now().getTime() + SESSION_LIFETIME_SECONDS * 1000);
  return createSessionStorage<OwnerSessionData>({
    cookie,
    async createData(data) {
      const id = randomBytes(32).toString("base64url");
      await db.insert(ownerSessions).values({ id: hashToken(id), data, expiresAt: expiry() });
      if (Math.random() < 0.05) {
        await db.delete(ownerSessions).where(lt(ownerSessions.expiresAt, clock.now()));
      }
      return id;
    },
    async readData(id) {
      const [row] = await db
        .select({ data: ownerSessions.data, expiresAt: ownerSessions.expiresAt })
        .from(ownerSessions)
        .where(eq(ownerSessions.id, hashToken(id)))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= clock.now().getTime()) return null;
      return row.data as Partial<OwnerSessionData>;
    },
    async updateData(id, data) {
      await db
        .update(ownerSessions)
        .set({ data, expiresAt: expiry() })
        .where(eq(ownerSessions.id, hashToken(id)));
    },
    async deleteData(id) {
      await db.delete(ownerSessions).where(eq(ownerSessions.id, hashToken(id)));
    },
  });
}

export type OwnerSessions = SessionStorage<OwnerSessionData>;

/**
 * Ends an owner's sessions at once (X-DAY-4: the owner was removed, or their password was set
 * anew), all of them or all but the one that made the change.
 */
export async function endOwnerSessions(
  db: Database,
  ownerId: string,
  except?: string,
): Promise<void> {
  const ofOwner = sql`${ownerSessions.data}->>'ownerId' = ${ownerId}`;
  await db
    .delete(ownerSessions)
    .where(except ? and(ofOwner, ne(ownerSessions.id, hashToken(except))) : ofOwner);
}

/** The owner sessions of the request, built once by the composition root (app/server/). */
export const ownerSessionsContext = createContext<OwnerSessions | null>(null);

export function ownerSessionsFrom(context: Readonly<RouterContextProvider>): OwnerSessions {
  const storage = context.get(ownerSessionsContext);
  if (!storage) throw new Error("No owner sessions in the request context.");
  return storage;
}
