import { catalogueFrom } from "~/catalogue/store.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { changeOffer } from "~/teams/store-controls.server";

/** POST /api/admin/teams/:slug/products {products}: the offer and team prices, while no member
 *  has paid (issue 41); 409 with a sentence after. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) =>
    changeOffer(db, await catalogueFrom(context), params.slug ?? "", body, owner!.email),
);

export const loader = writeOnly();
