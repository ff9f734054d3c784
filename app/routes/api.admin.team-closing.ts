import { clockFrom } from "~/db/context.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { changeClosing } from "~/teams/store-controls.server";

/** POST /api/admin/teams/:slug/closing {closesAt}: a new closing time to come (X-TEAM-8). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, params, body, owner, context }) =>
    changeClosing(db, params.slug ?? "", body, owner!.email, clockFrom(context).now()),
);

export const loader = writeOnly();
