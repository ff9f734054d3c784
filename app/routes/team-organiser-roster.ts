import { clockFrom, dbFrom } from "~/db/context.server";
import { jsonError } from "~/security/request.server";
import { rosterCsv } from "~/teams/roster-csv";
import { organiserView } from "~/teams/teams.server";
import type { Route } from "./+types/team-organiser-roster";

/** GET /team/<slug>/organiser/roster.csv?key=… (X-TEAM-3): the paid roster as CSV. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const view = await organiserView(dbFrom(context), params.slug, key, clockFrom(context).now());
  if (!view) return jsonError("Not found.", 404);
  return new Response(rosterCsv(view.roster), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${view.slug}-roster.csv"`,
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
