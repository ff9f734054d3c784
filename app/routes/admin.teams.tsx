import { Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { formatLondon } from "~/shared/london-time";
import { ButtonLink } from "~/ui/Button";
import { listTeams } from "~/teams/teams.server";
import { TEAM_STATUS_LABELS } from "~/teams/labels";
import type { Route } from "./+types/admin.teams";

export const meta = () => [{ title: "Team orders | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return {
    teams: await listTeams(
      dbFrom(context),
      settingsFrom(context),
      clockFrom(context).now(),
      await catalogueFrom(context),
    ),
  };
}

/** /admin/teams (X-TEAM-1): every team store, and the way to open a new one. */
export default function AdminTeams({ loaderData }: Route.ComponentProps) {
  const { teams } = loaderData;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-bold uppercase">Team orders</h1>
          <p className="mt-1 text-muted">
            An academy&apos;s kit at team prices: members order and pay from one link, you make and
            ship it as one batch.
          </p>
        </div>
        <ButtonLink to="/admin/teams/new">New team store</ButtonLink>
      </header>
      {teams.length === 0 ? (
        <p className="rounded-lg bg-white p-5 ring-1 ring-black/5">No team stores yet.</p>
      ) : (
        <div
          className="overflow-x-auto rounded-lg bg-white ring-1 ring-black/5"
          tabIndex={0}
          role="region"
          aria-label="Team stores (scrolls sideways)"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Team stores</caption>
            <thead className="bg-stone/60">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Team
                </th>
                <th scope="col" className="px-3 py-2">
                  Organiser
                </th>
                <th scope="col" className="px-3 py-2">
                  Closes
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Paid orders
                </th>
                <th scope="col" className="px-3 py-2">
                  Items
                </th>
              </tr>
            </thead>
            <tbody>
              {teams.map((team) => (
                <tr key={team.slug} className="border-t border-ink/10">
                  <td className="px-3 py-2 font-semibold">
                    <Link to={`/admin/teams/${team.slug}`} className="underline underline-offset-4">
                      {team.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{team.organiserName}</td>
                  <td className="px-3 py-2">{formatLondon(new Date(team.closesAt))}</td>
                  <td className="px-3 py-2">{TEAM_STATUS_LABELS[team.status]}</td>
                  <td className="px-3 py-2">{team.paidOrders}</td>
                  <td className="px-3 py-2">
                    {team.paidItems}
                    {team.minimumItems ? ` of ${team.minimumItems} minimum` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
