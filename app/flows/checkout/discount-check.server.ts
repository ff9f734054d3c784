import { z } from "zod";
import type { Database } from "~/db/client.server";
import { type Discount, findDiscount } from "~/discounts/redemption.server";
import { refusalKind } from "~/discounts/rules";
import { subtotalPence } from "~/pricing/lines";
import { done, problem, type Result } from "~/shared/problems";
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
export async function checkDiscountCode(
  db: Database,
  body: unknown,
  now: Date,
): Promise<Result<Discount>> {
  const parsed = checkSchema.safeParse(body);
  if (!parsed.success) {
    return problem(
      "invalid_input",
      parsed.error.issues[0]?.message ?? 'Send the code as {"code": "…"}.',
    );
  }
  let subtotal: number | undefined;
  if (parsed.data.cartItems !== undefined) {
    const items = checkoutRequestSchema.shape.cartItems.safeParse(parsed.data.cartItems);
    if (!items.success) return problem("invalid_input", firstIssue(items.error));
    const checked = checkCartItems(await loadCatalogue(db, now.getTime()), items.data);
    if (!checked.ok) return checked;
    subtotal = subtotalPence(checked.lines);
  }
  const verdict = await findDiscount(db, parsed.data.code, now, subtotal);
  if (!verdict.ok) {
    return problem(
      verdict.reason === "invalid" ? "not_found" : refusalKind(verdict.reason),
      verdict.error,
    );
  }
  return done(verdict.discount);
}
