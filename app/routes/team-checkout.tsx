import { partsFrom } from "~/flows/parts.server";
import { data, redirect } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import {
  payForTeamChoice,
  previewTeamChoice,
  teamChoiceFromFields,
} from "~/flows/teams/team-checkout.server";
import { TeamCheckoutPage } from "~/flows/teams/TeamCheckoutPage";
import { pageEndpoint, statusOf } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { findTeam } from "~/teams/teams.server";
import type { Route } from "./+types/team-checkout";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [
  { title: "Your team order | GRIP TRUTH" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const team = await findTeam(db, params.slug);
  if (!team || team.row.status === "cancelled") throw data("Not found", { status: 404 });
  const read = teamChoiceFromFields(params.slug, new URL(request.url).searchParams);
  const back = `/team/${params.slug}`;
  if (!read.ok) return data({ ok: false as const, error: read.error, back }, { status: 400 });
  const preview = await previewTeamChoice(
    db,
    await catalogueFrom(context),
    read.choice,
    read.shippingMethod,
    clockFrom(context).now(),
  );
  if (!preview.ok) {
    return data(
      { ok: false as const, error: preview.message, back },
      { status: statusOf(preview) },
    );
  }
  return {
    ok: true as const,
    back,
    teamName: team.row.name,
    teamAddress: team.row.delivery === "together" ? team.row.deliveryAddress : null,
    choice: read.choice,
    ...preview.data,
  };
}

/** "Pay": the checkout session is made by the shop's own flow, then the payment page. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, body, params, address, context, request }) => {
    const paid = await payForTeamChoice(
      db,
      params.slug ?? "",
      body,
      address,
      partsFrom(context),
      request,
    );
    if (!paid.ok) return { ...paid, message: paid.message.replace(/^Item 1: /, "") };
    throw redirect(paid.data.url, {
      headers: paid.cookie ? { "Set-Cookie": paid.cookie } : undefined,
    });
  },
);

/** /team/<slug>/checkout (X-TEAM-2): the member's line, the delivery, the total, "Pay". */
export default function TeamCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = (actionData as { error?: string } | undefined)?.error;
  return <TeamCheckoutPage step={loaderData} refusal={refusal} />;
}
