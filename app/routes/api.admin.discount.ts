import { updateDiscount } from "~/discounts/admin.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** PATCH /api/admin/discounts/:code with any of the create fields but the code (X-OPS-9). */
export const action = endpoint(
  {
    methods: ["PATCH"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, params, body, owner }) => updateDiscount(db, params.code ?? "", body, owner!.email),
);

export const loader = writeOnly(["PATCH"]);
