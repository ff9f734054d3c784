import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type Discount, findDiscount } from "~/discounts/redemption.server";
import { refusalStatus } from "~/discounts/rules";
import { subtotalPence } from "~/pricing/lines";
import { type Outcome, refuse, success } from "~/security/edge.server";
import { text } from "~/shared/text";
import { loadCatalogue } from "~/catalogue/store.server";
import { checkCartItems, checkoutRequestSchema, firstIssue } from "./request";

const checkSchema = z.object({
  code: text({ error: 'Send the code as {"code": "…"}.' }).max(200),
  /** Optional: the cart, priced by the server, for the minimum spend. */
  cartItems: z.unknown().optional(),
});

/**
 * POST /api/discounts/validate {code, cartItems?}: the code and its percentage; 404 "Invalid
 * discount code.", 409 "This code has been used up." or 400 for the minimum spend (the subtotal
 * of cartItems, priced from the catalogue, when they are sent) (S-CHK-3, X-OPS-9).
 */
export async function checkDiscountCode(db: Database, body: unknown): Promise<Outcome<Discount>> {
  const parsed = checkSchema.safeParse(body);
  if (!parsed.success) {
    return refuse(400, parsed.error.issues[0]?.message ?? 'Send the code as {"code": "…"}.');
  }
  let subtotal: number | undefined;
  if (parsed.data.cartItems !== undefined) {
    const items = checkoutRequestSchema.shape.cartItems.safeParse(parsed.data.cartItems);
    if (!items.success) return refuse(400, firstIssue(items.error));
    const checked = checkCartItems(await loadCatalogue(db), items.data);
    if (!checked.ok) return refuse(checked.status, checked.error);
    subtotal = subtotalPence(checked.lines);
  }
  const verdict = await findDiscount(db, parsed.data.code, subtotal);
  if (!verdict.ok) {
    return refuse(
      verdict.reason === "invalid" ? 404 : refusalStatus(verdict.reason),
      verdict.error,
    );
  }
  return success(verdict.discount);
}
