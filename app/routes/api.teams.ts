import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { jsonError } from "~/security/request.server";
import { publicTeam } from "~/teams/teams.server";
import type { Route } from "./+types/api.teams";

/** GET /api/teams/:slug: a team store as its members see it (X-TEAM-2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const team = await publicTeam(
    dbFrom(context),
    await catalogueFrom(context),
    params.slug,
    clockFrom(context).now(),
  );
  if (!team) return jsonError("There is no such team order.", 404);
  const { name, closesAt, open, fixedText, memberNames, delivery, deliveryPricePence, products } =
    team;
  return Response.json(
    // Issue 41: what each member's order pays for delivery with the team (0 when individual).
    { name, closesAt, open, fixedText, memberNames, delivery, deliveryPricePence, products },
    { headers: { "Cache-Control": "no-store" } },
  );
}
