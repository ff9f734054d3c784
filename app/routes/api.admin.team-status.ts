import { moveTeam } from "~/flows/teams/batch.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { clockFrom, settingsFrom } from "~/db/context.server";

/** POST /api/admin/teams/:slug/status {status, carrier?, trackingNumber?}: {moved} (X-TEAM-5). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, params, body, owner, context }) =>
    moveTeam(
      db,
      params.slug ?? "",
      body,
      owner!.email,
      clockFrom(context).now(),
      settingsFrom(context),
    ),
);

export const loader = writeOnly();
