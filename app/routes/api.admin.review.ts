import { partsFrom } from "~/flows/parts.server";
import { deleteReview } from "~/reviews/admin.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** DELETE /api/admin/reviews/:id: the review and its photos, for good (X-OPS-7). */
export const action = endpoint(
  { methods: ["DELETE"], sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner, context }) =>
    deleteReview(db, params.id ?? "", owner!.email, partsFrom(context)),
);

export const loader = writeOnly(["DELETE"]);
