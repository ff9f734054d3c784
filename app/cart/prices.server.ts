import { z } from "zod";
import type { Catalogue } from "~/catalogue/catalogue";
import { lineChoiceSchema } from "~/shared/line-choice";
import { CART_LINES_MESSAGE, MAX_CART_LINES } from "~/shared/limits";
import { priceLine } from "./cart";
import type { CartPrices } from "./prices";

const pricesRequest = z.object({
  cartItems: z
    .array(lineChoiceSchema, { error: "cartItems must be a list of items." })
    .max(MAX_CART_LINES, CART_LINES_MESSAGE),
});

/**
 * POST /api/cart/prices: every line of a cart priced from the catalogue as it is now (X-CAT-3),
 * or refused with the sentence the cart shows against it; 400 for a body that is not a cart.
 */
export function cartPrices(
  catalogue: Catalogue,
  body: unknown,
): { ok: true; prices: CartPrices } | { ok: false; error: string } {
  const parsed = pricesRequest.safeParse(body);
  if (!parsed.success) {
    return { ok: false, error: parsed.error.issues[0]?.message ?? "The cart could not be read." };
  }
  return {
    ok: true,
    prices: {
      lines: parsed.data.cartItems.map((item) => {
        const { line, problem, gone } = priceLine(item, catalogue.all.get(item.productId));
        return line ? { line } : { problem, gone };
      }),
    },
  };
}
