import { partsFrom } from "~/flows/parts.server";
import { cancelTeam } from "~/flows/teams/batch.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** POST /api/admin/teams/:slug/cancel {refund: true}: {cancelled, refunded} (X-TEAM-5). */
export const action = endpoint(
  { sameOrigin: true, owner: "api", body: { kind: "json", limit: 1024 }, noStore: true },
  ({ db, params, body, owner, context }) =>
    cancelTeam(db, params.slug ?? "", body, owner!.email, partsFrom(context)),
);

export const loader = writeOnly();
