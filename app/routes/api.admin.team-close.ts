import { clockFrom, settingsFrom } from "~/db/context.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { closeTeamNow } from "~/teams/store-controls.server";

/** POST /api/admin/teams/:slug/close: the store closes now; {closesAt, summarySent} (X-TEAM-8). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "none" },
    noStore: true,
  },
  ({ db, params, owner, context }) =>
    closeTeamNow(
      db,
      params.slug ?? "",
      owner!.email,
      settingsFrom(context),
      clockFrom(context).now(),
    ),
);

export const loader = writeOnly();
