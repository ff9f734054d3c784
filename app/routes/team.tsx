import { SizeGuideCharts } from "~/content/components/SizeGuideCharts";
import { sizeGuideSectionFor } from "~/content/size-guide";
import { data, redirect } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import {
  closedSentence,
  formatChoice,
  TEAM_FORM_FIELDS,
  teamDeliveryCharge,
  teamFormId,
  ukDateTimeInWords,
} from "~/teams/rules";
import { teamFormAnswer, TeamProductForm } from "~/teams/TeamProductForm";
import { TEAM_WORDS } from "~/teams/labels";
import { TEAM_PRICE_SENTENCE } from "~/teams/labels";
import { readChoiceToken } from "~/teams/roster-upload.server";
import { isMembersKey, publicTeam } from "~/teams/teams.server";
import { addressOnOneLine } from "~/orders/delivery-label";
import type { Route } from "./+types/team";
import { addEntry } from "~/teams/entries.server";
import { memberFormProblems } from "~/teams/member-form.server";
import { pageEndpoint, refuse } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";
import { done } from "~/shared/problems";
import { ActionOutcome } from "~/ui/ActionOutcome";

/** What a team page's form sent, by field name (its text kept when it comes back refused). */
function typedFields(body: FormData) {
  const typed: Record<string, string> = {};
  for (const [name, value] of body.entries()) if (typeof value === "string") typed[name] = value;
  return typed;
}

/** A refusal of one product's form: said in that form, every field named, what was typed kept. */
function refuseForm(typed: Record<string, string>, fieldErrors: Record<string, string>) {
  const form = teamFormId(typed.productId ?? "", typed.optionType ?? "");
  const first = TEAM_FORM_FIELDS.find((name) => fieldErrors[name]);
  return refuse(400, fieldErrors[first!]!, { extra: { form, fieldErrors, values: typed } });
}

/**
 * "Order" (X-TEAM-2, the member pays): the choice is checked here, every wrong field named at
 * once in the product's form (issue 56), then the team's checkout step shows the line and its
 * price (a GET, as the form once went there directly).
 */
const chooseAction = pageEndpoint(
  { sameOrigin: true, body: { kind: "form", limit: BODY_LIMITS.short }, noStore: true },
  async ({ body, params, context }) => {
    const typed = typedFields(body);
    const slug = params.slug ?? "";
    const fieldErrors = await memberFormProblems(
      dbFrom(context),
      await catalogueFrom(context),
      slug,
      typed,
      false,
      clockFrom(context).now(),
    );
    if (Object.keys(fieldErrors).length) return refuseForm(typed, fieldErrors);
    const step = new URLSearchParams();
    for (const name of ["productId", "optionType", "size", "beltRank", "color", "printName"]) {
      const value = typed[name]?.trim();
      if (value) step.set(name, value);
    }
    throw redirect(`/team/${slug}/checkout?${step}`);
  },
);

/** X-TEAM-7: a member's entry from the team page's form (no card); the same as the JSON API. */
const entryAction = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, body, params, context }) => {
    const typed = typedFields(body);
    const field = (name: string) => {
      const value = typed[name];
      return value?.trim() ? value : undefined;
    };
    const entry = {
      name: field("name") ?? "",
      email: field("email") ?? "",
      productId: field("productId") ?? "",
      optionType: field("optionType") ?? "",
      size: field("size") ?? "",
      beltRank: field("beltRank"),
      color: field("color"),
      printName: field("printName"),
      // X-SEC-25: the members' key, carried from the link into the form.
      key: field("key") ?? "",
    };
    const slug = params.slug ?? "";
    // The key opens the store's forms (X-SEC-25): nothing about the store is said without it.
    const fieldErrors = (await isMembersKey(db, slug, entry.key))
      ? await memberFormProblems(
          db,
          await catalogueFrom(context),
          slug,
          typed,
          true,
          clockFrom(context).now(),
        )
      : {};
    if (Object.keys(fieldErrors).length) return refuseForm(typed, fieldErrors);
    const added = await addEntry(
      db,
      await catalogueFrom(context),
      slug,
      entry,
      clockFrom(context).now(),
    );
    if (!added.ok) {
      const form = teamFormId(entry.productId, entry.optionType);
      return { ...added, extra: { ...added.extra, form, fieldErrors: {}, values: typed } };
    }
    return done({
      message: `Thank you, ${entry.name}: your choice is in. The organiser pays for everyone; we will e-mail ${entry.email} when they have.`,
    });
  },
);

/** The team page's forms: "Order" posts to `?choose` (the member pays), an entry to the page. */
export function action(args: Route.ActionArgs) {
  return new URL(args.request.url).searchParams.has("choose")
    ? chooseAction(args)
    : entryAction(args);
}

export const meta = ({ loaderData: team }: Route.MetaArgs) => [
  { title: team ? `${team.name} | Team order | GRIP TRUTH` : "Team order | GRIP TRUTH" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const catalogue = await catalogueFrom(context);
  const found = await publicTeam(db, catalogue, params.slug, clockFrom(context).now());
  if (!found) throw data("Not found", { status: 404 });
  // Issue 41: each product with its section of the size guide, as /size-guide shows it.
  const team = {
    ...found,
    products: found.products.map((product) => {
      const category = catalogue.all.get(product.productId)?.category;
      const guide = category ? sizeGuideSectionFor(category, product.optionType) : undefined;
      return { ...product, ...(guide ? { sizeGuide: guide } : {}) };
    }),
  };
  // X-TEAM-3: a roster link opens the member's choice ready to pay.
  const prefill = await readChoiceToken(
    db,
    params.slug,
    new URL(request.url).searchParams.get("choice"),
  );
  // X-SEC-25: where the academy pays, only the members' link (its key) opens the entry forms.
  const key = new URL(request.url).searchParams.get("key");
  const entryKey =
    team.payment === "organiser" && key && (await isMembersKey(db, params.slug, key)) ? key : null;
  return { ...team, prefill, entryKey };
}

/** /team/<slug> (X-TEAM-2): the academy's kit at team prices, one form per product. */
export default function TeamPage({ loaderData: team, actionData }: Route.ComponentProps) {
  const closesAt = new Date(team.closesAt);
  const answer = actionData as { message?: string; error?: string } | undefined;
  const organiserPays = team.payment === "organiser";
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <header className="space-y-2">
        <p className="text-sm font-semibold tracking-widest text-muted uppercase">Team order</p>
        <h1 className="font-display text-4xl font-bold uppercase">{team.name}</h1>
        {team.open ? (
          <p>
            Order by <strong>{ukDateTimeInWords(closesAt)}</strong> (UK time).{" "}
            {team.delivery === "together"
              ? team.deliveryAddress
                ? `Everything is sent together to ${addressOnOneLine(team.deliveryAddress)}: ${teamDeliveryCharge(team.deliveryPricePence)}, and no address needed.`
                : `Everything is sent together to the academy: ${teamDeliveryCharge(team.deliveryPricePence)}.`
              : "Each order is delivered to you."}
          </p>
        ) : null}
        {team.note ? (
          <p
            data-testid="team-note"
            className="rounded-md bg-white p-3 whitespace-pre-line ring-1 ring-black/5"
          >
            {team.note}
          </p>
        ) : null}
        {team.open && organiserPays ? (
          <p className="font-semibold">
            Your organiser pays for the whole team: send your choice and name, no card needed.
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
          Your organiser chose this for you: {formatChoice(team.prefill)}.{" "}
          {TEAM_WORDS[team.payment].prefillNext}
        </p>
      ) : null}
      {/* The entry's thanks, or a refusal no one form holds, takes the focus (the forms are
          drawn afresh after an entry; a form's own refusal is said in it, issue 56). */}
      <ActionOutcome outcome={"form" in (actionData ?? {}) ? undefined : answer} focus />
      {team.open && organiserPays && !team.entryKey ? (
        <p role="alert" className="rounded-md bg-amber-50 p-4 font-semibold text-amber-900">
          Send your choice from the link your organiser shared with the team: this page needs it.
        </p>
      ) : null}
      {team.open && (!organiserPays || team.entryKey) ? (
        <div className="space-y-5">
          {team.products.map((product) => (
            <TeamProductForm
              key={`${product.productId}|${product.optionType}|${answer?.message ?? ""}`}
              slug={team.slug}
              product={product}
              fixedText={team.fixedText}
              memberNames={team.memberNames}
              prefill={team.prefill}
              organiserPays={organiserPays}
              entryKey={team.entryKey}
              answer={teamFormAnswer(actionData, teamFormId(product.productId, product.optionType))}
              sizeGuide={
                product.sizeGuide ? <SizeGuideCharts section={product.sizeGuide} /> : undefined
              }
            />
          ))}
        </div>
      ) : null}
      {team.open ? null : (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-lg font-semibold text-red-800">
          {closedSentence(closesAt)}
        </p>
      )}
    </div>
  );
}
