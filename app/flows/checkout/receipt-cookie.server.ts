// The browser that paid (X-SEC-20): checkout sets an HttpOnly cookie naming its payment sessions,
// signed with a key of the shop's, so the confirmation page and POST /api/verify-order show a
// receipt only to that browser; a visitor who only knows a session id (another buyer's) gets the
// same answer as for an unknown session. The cookie keeps the browser's last RECEIPT_SESSIONS_KEPT
// checkouts, newest first, so a buyer who opened two checkouts and paid the first still gets its
// receipt.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "~/db/client.server";
import { storedSecret } from "~/security/secrets.server";
import { RECEIPT_COOKIE_DAYS, RECEIPT_SESSIONS_KEPT } from "~/shared/limits";

export const RECEIPT_COOKIE = "gt_receipt";
const SECRET_NAME = "receipt-cookie";
/** Between the session ids in the cookie: never in an id (cs_…: letters, digits, _ and -). */
const BETWEEN = "~";
const SESSION_ID = /^cs_[A-Za-z0-9_-]+$/;

async function signature(db: Database, ids: string): Promise<Buffer> {
  const secret = await storedSecret(db, SECRET_NAME);
  // One id signs as the cookie of a single checkout did, so those cookies still count.
  return createHmac("sha256", secret).update(`receipt\n${ids}`).digest();
}

/** The payment sessions the request's receipt cookie names, when its signature holds. */
export async function receiptSessions(db: Database, request: Request): Promise<string[]> {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== RECEIPT_COOKIE) continue;
    const value = rest.join("=");
    const dot = value.lastIndexOf(".");
    if (dot === -1) continue;
    const ids = value.slice(0, dot);
    const list = ids.split(BETWEEN);
    if (list.length > RECEIPT_SESSIONS_KEPT || !list.every((id) => SESSION_ID.test(id))) continue;
    const given = Buffer.from(value.slice(dot + 1), "base64url");
    const expected = await signature(db, ids);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return list;
  }
  return [];
}

/**
 * The Set-Cookie for the browser that opened this payment session (Secure over https): this
 * session first, then the browser's earlier ones that its cookie names, RECEIPT_SESSIONS_KEPT at
 * most.
 */
export async function receiptCookie(
  db: Database,
  sessionId: string,
  settings: { PUBLIC_URL?: string },
  request?: Request,
): Promise<string> {
  const earlier = request ? await receiptSessions(db, request) : [];
  const ids = [sessionId, ...earlier.filter((id) => id !== sessionId)]
    .slice(0, RECEIPT_SESSIONS_KEPT)
    .join(BETWEEN);
  const value = `${ids}.${(await signature(db, ids)).toString("base64url")}`;
  const secure = settings.PUBLIC_URL?.startsWith("https:") ? "; Secure" : "";
  // Lax: Stripe's return to the confirmation is a top-level GET from its site, which carries it.
  return `${RECEIPT_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${
    RECEIPT_COOKIE_DAYS * 24 * 60 * 60
  }${secure}`;
}

/** Whether the request comes from the browser that opened `sessionId`'s checkout. */
export async function paidHere(
  db: Database,
  request: Request,
  sessionId: string,
): Promise<boolean> {
  return (await receiptSessions(db, request)).includes(sessionId);
}
