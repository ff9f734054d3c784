import { deletePromotion } from "~/catalogue/editing/site.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** DELETE /api/admin/promotions/:id: the sale stops (X-CAT-5). */
export const action = endpoint(
  { methods: ["DELETE"], sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner }) => deletePromotion(db, params.id ?? "", owner!.email),
);

export const loader = writeOnly(["DELETE"]);
