import { requireOwner } from "~/owners/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import { createTeam, listTeams } from "~/teams/teams.server";
import type { Route } from "./+types/api.admin.teams";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/teams: every team store (X-TEAM-1). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  return Response.json(
    {
      teams: await listTeams(
        dbFrom(context),
        settingsFrom(context),
        clockFrom(context).now(),
        await catalogueFrom(context),
      ),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /api/admin/teams {name, organiserName, organiserEmail, closesAt, delivery, …}: 201. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ db, body, owner, context }) =>
    createTeam(
      db,
      await catalogueFrom(context),
      body,
      owner!.email,
      settingsFrom(context),
      clockFrom(context).now(),
    ),
);
