import { cartPrices } from "~/cart/prices.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { endpoint, refuse, success, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/cart/prices: the cart's lines priced from the catalogue now (X-CAT-3). */
export const action = endpoint(
  { sameOrigin: true, body: { kind: "json", limit: BODY_LIMITS.document }, noStore: true },
  async ({ body, context }) => {
    const priced = cartPrices(await catalogueFrom(context), body);
    return priced.ok ? success(priced.prices) : refuse(400, priced.error);
  },
);

export const loader = writeOnly();
