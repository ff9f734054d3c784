import { partsFrom } from "~/flows/parts.server";
import { data } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { AdminTeamPage } from "~/flows/teams/AdminTeamPage";
import { teamPageAction } from "~/flows/teams/batch.server";
import { pageEndpoint } from "~/security/edge.server";
import { productionSheet, sizeCounts } from "~/teams/rules";
import { teamDetail } from "~/teams/teams.server";
import { offerChangeRefusal } from "~/teams/store-controls.server";
import type { Route } from "./+types/admin.team";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.team.name ?? "Team order"} | GRIP TRUTH back office` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const team = await teamDetail(
    dbFrom(context),
    params.slug,
    settingsFrom(context),
    clockFrom(context).now(),
    await catalogueFrom(context),
  );
  if (!team) throw data("Not found", { status: 404 });
  return {
    team,
    sheet: productionSheet(team.roster),
    sizes: sizeCounts(team.roster),
    // Issue 41: why the products and prices cannot change now, if they cannot.
    offerLocked: await offerChangeRefusal(dbFrom(context), params.slug),
  };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) =>
    teamPageAction(
      db,
      params.slug ?? "",
      body,
      owner!.email,
      partsFrom(context),
      await catalogueFrom(context),
    ),
);

/** /admin/teams/<slug> (X-TEAM-5): the roster, the production sheet, the batch's moves. */
export default function AdminTeam({ loaderData, actionData }: Route.ComponentProps) {
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  return <AdminTeamPage {...loaderData} confirm={confirm} outcome={actionData} />;
}
