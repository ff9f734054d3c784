import { createHmac, timingSafeEqual } from "node:crypto";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import type { Database } from "~/db/client.server";
import { storedSecret } from "~/security/secrets.server";
import type { Env } from "~/shared/settings";
import { findOrderById, linesOfOrder } from "~/orders/orders.server";
import { isPaid } from "~/orders/status";

/**
 * Signed review links (X-SEC-8): "verified purchase" needs proof that the reviewer holds the
 * buyer's e-mail, not just knowledge of the address. The confirmation e-mail carries, for each
 * product bought, a link with an HMAC over the order id, the buyer's e-mail and the product.
 */

const SECRET_NAME = "review-link";

/** REVIEW_LINK_SECRET, or a random key made once and kept in the database for every process. */
export async function reviewLinkSecret(
  db: Database,
  settings: Pick<Env, "REVIEW_LINK_SECRET">,
): Promise<string> {
  const configured = settings.REVIEW_LINK_SECRET;
  if (configured) return configured;
  return storedSecret(db, SECRET_NAME);
}

function signature(secret: string, orderId: string, email: string, productId: string): Buffer {
  return createHmac("sha256", secret)
    .update(`${orderId}\n${email.trim().toLowerCase()}\n${productId}`)
    .digest();
}

/** The token for one product of one order: `<order id>.<signature>`. */
export function reviewToken(
  secret: string,
  order: { id: string; customerEmail: string },
  productId: string,
): string {
  return `${order.id}.${signature(secret, order.id, order.customerEmail, productId).toString("base64url")}`;
}

/** One review link per product of a paid order, for its confirmation e-mail, signed with
 *  `secret` (reviewLinkSecret). */
export function reviewLinksFor(
  secret: string,
  order: { id: string; customerEmail: string | null },
  lines: readonly { productId: string; productName: string }[],
  settings: OriginSettings,
): { productName: string; url: string }[] {
  if (!order.customerEmail) return [];
  const email = order.customerEmail;
  const seen = new Set<string>();
  return lines
    .filter((line) => !seen.has(line.productId) && seen.add(line.productId))
    .map((line) => ({
      productName: line.productName,
      url: `${canonicalOrigin(settings)}/product/${encodeURIComponent(line.productId)}?review=${reviewToken(secret, { id: order.id, customerEmail: email }, line.productId)}`,
    }));
}

/**
 * The paid order a review token proves for this product, or undefined: a wrong, tampered or
 * foreign token simply gives no badge (and the answer does not say which).
 */
export async function verifiedOrderFor(
  db: Database,
  token: string | undefined,
  productId: string,
  settings: Pick<Env, "REVIEW_LINK_SECRET">,
): Promise<string | undefined> {
  const match = token ? /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token) : null;
  if (!match) return undefined;
  const [, orderId = "", given = ""] = match;
  const order = await findOrderById(db, orderId);
  // Paid as orders/ decides it (X-ORD-2): a partly refunded order's buyer keeps the badge.
  if (!order?.customerEmail || !isPaid(order)) return undefined;
  const expected = signature(
    await reviewLinkSecret(db, settings),
    order.id,
    order.customerEmail,
    productId,
  );
  // Compared as text: base64url has several spellings of the same last bits, and only the one
  // the shop wrote is the link it sent.
  const actual = Buffer.from(given);
  const wanted = Buffer.from(expected.toString("base64url"));
  if (actual.length !== wanted.length || !timingSafeEqual(actual, wanted)) return undefined;
  const lines = await linesOfOrder(db, order.id);
  return lines.some((line) => line.productId === productId) ? order.id : undefined;
}
