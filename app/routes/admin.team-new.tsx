import { clockFrom, settingsFrom } from "~/db/context.server";
import { requireOwner } from "~/owners/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { pageEndpoint, refuse } from "~/security/edge.server";
import { teamBodyFromForm, teamOfferChoices } from "~/teams/admin-form";
import { NewTeamPage } from "~/teams/NewTeamPage";
import { createTeam } from "~/teams/teams.server";
import type { Route } from "./+types/admin.team-new";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "New team store | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return { options: teamOfferChoices(await catalogueFrom(context)) };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.list },
    noStore: true,
  },
  async ({ db, body, owner, context }) => {
    const catalogue = await catalogueFrom(context);
    const read = teamBodyFromForm(body, (id) => catalogue.all.get(id)?.name);
    if (!read.ok) return refuse(400, read.error);
    const made = await createTeam(
      db,
      catalogue,
      read.body,
      owner!.email,
      settingsFrom(context),
      clockFrom(context).now(),
    );
    if (!made.ok) return made;
    return {
      ...made,
      data: {
        message: `${made.data.name} is open. The organiser has been sent both links.`,
        slug: made.data.slug,
        url: made.data.url,
        memberUrl: made.data.memberUrl,
        organiserUrl: made.data.organiserUrl,
      },
    };
  },
);

/** /admin/teams/new (X-TEAM-1): the owner opens a team store. */
export default function AdminTeamNew({ loaderData, actionData }: Route.ComponentProps) {
  const made = actionData && "organiserUrl" in actionData ? actionData : undefined;
  return <NewTeamPage options={loaderData.options} made={made} outcome={actionData} />;
}
