import { clockFrom, settingsFrom } from "~/db/context.server";
import { changeCartByForm, readCart } from "~/flows/checkout/cart-actions.server";
import { dbFrom } from "~/db/context.server";
import { isDiscountAttempt } from "~/cart/intents";
import { endpoint, takeQuota } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import type { Route } from "./+types/api.cart";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/cart: the visitor's cart, priced now; the header's badge and the panel read it after
 *  load, so cached pages carry no one's cart (issue 25). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(await readCart(dbFrom(context), request, clockFrom(context).now()), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** POST /api/cart: the cart's actions from its script, the same form fields as POST /cart. */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.list },
    rateLimit: QUOTAS.cart,
    noStore: true,
  },
  async ({ db, request, body, context }) => {
    // A code tried here counts against the same limit as /api/discounts/validate (X-SEC-19).
    if (isDiscountAttempt(body)) {
      const over = await takeQuota(QUOTAS.discountCheck, { request, context });
      if (over) return over;
    }
    return changeCartByForm(db, request, body, settingsFrom(context), clockFrom(context).now());
  },
);
