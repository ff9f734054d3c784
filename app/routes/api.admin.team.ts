import { requireOwner } from "~/owners/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { jsonError } from "~/security/request.server";
import { teamDetail } from "~/teams/teams.server";
import type { Route } from "./+types/api.admin.team";

/** GET /api/admin/teams/:slug: the team with its orders and roster (X-TEAM-1). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const team = await teamDetail(
    dbFrom(context),
    params.slug,
    settingsFrom(context),
    clockFrom(context).now(),
    await catalogueFrom(context),
  );
  if (!team) return jsonError("No team order has that name.", 404);
  return Response.json(team, { headers: { "Cache-Control": "no-store" } });
}
