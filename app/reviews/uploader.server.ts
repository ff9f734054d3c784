import { createHash, randomBytes } from "node:crypto";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import { UPLOADER_MAX_AGE } from "~/shared/limits";

/**
 * The browser that uploaded a photo (X-SEC-15): `POST /api/uploads` sets an HttpOnly cookie with
 * a random id, once per browser, and stores a hash of it with the photo. Only a request carrying
 * that cookie sees the photo before it is attached to a review, and only such a review may attach
 * it. The API's shapes stay as they are: the browser sends the cookie by itself.
 */
export const UPLOADER_COOKIE = "gt_uploader";
const ID = /^[A-Za-z0-9_-]{43}$/;

/** The uploader id the request's cookie carries, if it is one the shop could have made. */
export function uploaderOf(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === UPLOADER_COOKIE) {
      const id = value.join("=");
      return ID.test(id) ? id : undefined;
    }
  }
  return undefined;
}

/** What is stored with a photo: a hash, so the table does not hold the cookie itself. */
export function uploaderHash(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The request's uploader id, or a new one with the Set-Cookie that gives it to the browser. */
export function uploaderFor(
  request: Request,
  settings: OriginSettings,
): { id: string; setCookie?: string } {
  const known = uploaderOf(request);
  if (known) return { id: known };
  const id = randomBytes(32).toString("base64url");
  const secure = canonicalOrigin(settings, request).startsWith("https:") ? "; Secure" : "";
  return {
    id,
    setCookie: `${UPLOADER_COOKIE}=${id}; Path=/; Max-Age=${UPLOADER_MAX_AGE}; HttpOnly; SameSite=Lax${secure}`,
  };
}
