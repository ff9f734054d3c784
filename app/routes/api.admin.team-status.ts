import { moveTeam } from "~/flows/teams/batch.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** POST /api/admin/teams/:slug/status {status, carrier?, trackingNumber?}: {moved} (X-TEAM-5). */
export const action = endpoint(
  { sameOrigin: true, owner: "api", body: { kind: "json", limit: 4096 }, noStore: true },
  ({ db, params, body, owner }) => moveTeam(db, params.slug ?? "", body, owner!.email),
);

export const loader = writeOnly();
