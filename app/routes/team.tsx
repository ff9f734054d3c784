import { data } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { dbFrom } from "~/db/context.server";
import { closedSentence, formatChoice, ukDateTimeInWords } from "~/teams/rules";
import { TeamProductForm } from "~/teams/TeamProductForm";
import { TEAM_PRICE_SENTENCE } from "~/teams/labels";
import { readChoiceToken } from "~/teams/roster-upload.server";
import { publicTeam } from "~/teams/teams.server";
import type { Route } from "./+types/team";

export const meta = ({ loaderData: team }: Route.MetaArgs) => [
  { title: team ? `${team.name} | Team order | GRIP TRUTH` : "Team order | GRIP TRUTH" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const team = await publicTeam(db, await catalogueFrom(context), params.slug);
  if (!team) throw data("Not found", { status: 404 });
  // X-TEAM-3: a roster link opens the member's choice ready to pay.
  const prefill = await readChoiceToken(
    db,
    params.slug,
    new URL(request.url).searchParams.get("choice"),
  );
  return { ...team, prefill };
}

/** /team/<slug> (X-TEAM-2): the academy's kit at team prices, one form per product. */
export default function TeamPage({ loaderData: team }: Route.ComponentProps) {
  const closesAt = new Date(team.closesAt);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold tracking-widest text-muted uppercase">Team order</p>
        <h1 className="font-display text-4xl font-bold uppercase">{team.name}</h1>
        {team.open ? (
          <p>
            Order by <strong>{ukDateTimeInWords(closesAt)}</strong> (UK time).{" "}
            {team.delivery === "together"
              ? "Everything is sent together to the academy: no delivery charge."
              : "Each order is delivered to you."}
          </p>
        ) : null}
        <p className="text-sm text-muted">
          Team items carry the academy&apos;s text and are made to order, so they cannot be returned
          unless faulty.
        </p>
        <p className="text-sm text-muted">{TEAM_PRICE_SENTENCE}</p>
      </header>
      {team.open && team.prefill ? (
        <p role="status" className="rounded-md bg-green-50 p-4 font-semibold text-green-800">
          Your organiser chose this for you: {formatChoice(team.prefill)}. Check it and press Order
          to pay.
        </p>
      ) : null}
      {team.open ? (
        <div className="space-y-5">
          {team.products.map((product) => (
            <TeamProductForm
              key={`${product.productId}|${product.optionType}`}
              slug={team.slug}
              product={product}
              fixedText={team.fixedText}
              memberNames={team.memberNames}
              prefill={team.prefill}
            />
          ))}
        </div>
      ) : (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-lg font-semibold text-red-800">
          {closedSentence(closesAt)}
        </p>
      )}
    </div>
  );
}
