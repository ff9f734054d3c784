import { partsFrom } from "~/flows/parts.server";
import { cancelTeam } from "~/flows/teams/batch.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/admin/teams/:slug/cancel {refund: true}: {cancelled, refunded} (X-TEAM-5). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  ({ db, params, body, owner, context }) =>
    cancelTeam(db, params.slug ?? "", body, owner!.email, partsFrom(context)),
);

export const loader = writeOnly();
