import { randomBytes } from "node:crypto";
import { eq, lt, sql } from "drizzle-orm";
import type { Catalogue } from "~/catalogue/catalogue";
import type { Database } from "~/db/client.server";
import { carts } from "./schema";
import { canonicalOrigin, type OriginSettings } from "~/security/origin.server";
import { type LineChoice, lineChoiceSchema } from "~/shared/line-choice";
import { CART_LIFETIME_DAYS, MAX_CART_LINES } from "~/shared/limits";
import { addLine, type CartLine, priceLine } from "./cart";
import type { Problem } from "~/shared/problems";

/**
 * The cart kept on the server (issue 25, X-PE-1): a `carts` row named by a random id in an
 * HttpOnly, SameSite=Lax cookie (Secure when the shop is https). It holds each line as the
 * customer chose it and the discount code typed; prices are worked out each time it is shown.
 */
export const CART_COOKIE = "gt_cart";
const CART_LIFETIME_SECONDS = CART_LIFETIME_DAYS * 24 * 60 * 60;
const CART_ID = /^[A-Za-z0-9_-]{32}$/;

export interface ServerCart {
  id: string;
  lines: LineChoice[];
  discountCode: string | null;
}

/** The cart id the request's cookie names, when it has the form of one (else a new cart starts). */
export function cartIdOf(request: Request): string | undefined {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CART_COOKIE) {
      const value = rest.join("=");
      return CART_ID.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The Set-Cookie for a cart id: 30 days from this change, like the row itself. */
export function cartCookie(id: string, request: Request, settings: OriginSettings): string {
  const secure = canonicalOrigin(settings, request).startsWith("https:") ? "; Secure" : "";
  return `${CART_COOKIE}=${id}; Path=/; Max-Age=${CART_LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

const fresh = () => sql`now() - make_interval(days => ${CART_LIFETIME_DAYS})`;

/** Stored lines read back: each as the line-choice schema has it; a line that is not one is dropped. */
function readLines(value: unknown): LineChoice[] {
  if (!Array.isArray(value)) return [];
  return value.slice(0, MAX_CART_LINES).flatMap((line) => {
    const parsed = lineChoiceSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The cart a request names, if it is there and less than 30 days old. */
export async function findCart(
  db: Database,
  id: string | undefined,
): Promise<ServerCart | undefined> {
  if (!id) return undefined;
  const [row] = await db
    .select()
    .from(carts)
    .where(sql`${carts.id} = ${id} and ${carts.updatedAt} > ${fresh()}`)
    .limit(1);
  return row
    ? { id: row.id, lines: readLines(row.lines), discountCode: row.discountCode }
    : undefined;
}

export type CartChange<R> =
  { ok: true; lines: LineChoice[]; discountCode?: string | null; result?: R } | Problem;

/**
 * Changes a cart in one transaction with its row locked, so two tabs (or two taps) changing the
 * same cart at once both land: the second waits for the first and changes what it wrote. An id
 * that is unknown, too old or malformed starts a new cart with a new id (never the one sent).
 */
export async function changeCart<R>(
  db: Database,
  id: string | undefined,
  change: (cart: ServerCart) => CartChange<R>,
): Promise<{ cart: ServerCart; outcome: CartChange<R> }> {
  return db.transaction(async (tx) => {
    const [row] = id
      ? await tx
          .select()
          .from(carts)
          .where(sql`${carts.id} = ${id} and ${carts.updatedAt} > ${fresh()}`)
          .for("update")
      : [];
    const cart: ServerCart = row
      ? { id: row.id, lines: readLines(row.lines), discountCode: row.discountCode }
      : { id: randomBytes(24).toString("base64url"), lines: [], discountCode: null };
    const outcome = change(cart);
    if (!outcome.ok) return { cart, outcome };
    const next: ServerCart = {
      id: cart.id,
      lines: outcome.lines,
      discountCode: outcome.discountCode === undefined ? cart.discountCode : outcome.discountCode,
    };
    if (row) {
      await tx
        .update(carts)
        .set({ lines: next.lines, discountCode: next.discountCode, updatedAt: sql`now()` })
        .where(eq(carts.id, cart.id));
    } else {
      await tx
        .insert(carts)
        .values({ id: next.id, lines: next.lines, discountCode: next.discountCode });
    }
    return { cart: next, outcome };
  });
}

/** Empties a cart (after its order is paid). */
export async function emptyCart(db: Database, id: string | undefined): Promise<void> {
  if (!id) return;
  await db
    .update(carts)
    .set({ lines: [], discountCode: null, updatedAt: sql`now()` })
    .where(eq(carts.id, id));
}

/** The `cart-sweep` job: carts untouched for 30 days go; the number removed. */
export async function sweepCarts(db: Database): Promise<number> {
  const removed = await db
    .delete(carts)
    .where(lt(carts.updatedAt, fresh()))
    .returning({ id: carts.id });
  return removed.length;
}

/** A cart as the shop shows it: each line priced from the catalogue now, or (sold once, not now)
 *  kept with the sentence why; a line the catalogue refuses otherwise is left out. */
export function pricedLines(catalogue: Catalogue, lines: readonly LineChoice[]): CartLine[] {
  return lines.reduce<CartLine[]>((kept, choice) => {
    const product = catalogue.all.get(choice.productId);
    const { line, problem, gone } = priceLine(choice, product);
    if (line) return addLine(kept, line) ?? kept;
    if (gone) {
      return [
        ...kept,
        { ...choice, productName: product?.name ?? choice.productId, unitPricePence: 0, problem },
      ];
    }
    return kept;
  }, []);
}
