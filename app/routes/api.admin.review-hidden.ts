import { clockFrom } from "~/db/context.server";
import { setReviewHidden } from "~/reviews/admin.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/admin/reviews/:id/hidden {hidden: boolean} (X-OPS-7). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  ({ db, params, body, owner, context }) =>
    setReviewHidden(db, params.id ?? "", body, owner!.email, clockFrom(context).now()),
);

export const loader = writeOnly();
