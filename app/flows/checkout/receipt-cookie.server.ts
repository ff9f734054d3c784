// The browser that paid (X-SEC-20): checkout sets an HttpOnly cookie naming its payment session,
// signed with a key of the shop's, so the confirmation page shows a receipt only to that browser;
// a visitor who only knows the session id (another buyer's) gets the plain failure.
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "~/db/client.server";
import { storedSecret } from "~/security/secrets.server";
import { RECEIPT_COOKIE_DAYS } from "~/shared/limits";

export const RECEIPT_COOKIE = "gt_receipt";
const SECRET_NAME = "receipt-cookie";

async function signature(db: Database, sessionId: string): Promise<Buffer> {
  const secret = await storedSecret(db, SECRET_NAME);
  return createHmac("sha256", secret).update(`receipt\n${sessionId}`).digest();
}

/** The Set-Cookie for the browser that opened this payment session (Secure over https). */
export async function receiptCookie(
  db: Database,
  sessionId: string,
  settings: { PUBLIC_URL?: string },
): Promise<string> {
  const value = `${sessionId}.${(await signature(db, sessionId)).toString("base64url")}`;
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
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== RECEIPT_COOKIE) continue;
    const value = rest.join("=");
    const dot = value.lastIndexOf(".");
    if (dot === -1 || value.slice(0, dot) !== sessionId) continue;
    const given = Buffer.from(value.slice(dot + 1), "base64url");
    const expected = await signature(db, sessionId);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
