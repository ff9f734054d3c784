import { data } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { pageEndpoint, refuse, takeQuota } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { uploadRoster } from "~/teams/roster-upload.server";
import { done } from "~/shared/problems";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { BODY_LIMITS } from "~/shared/limits";
import { type RosterUploadAnswer, OrganiserPage } from "~/teams/OrganiserPage";
import { sizeCounts, timeLeft } from "~/teams/rules";
import { organiserView } from "~/teams/teams.server";
import { canonicalOrigin } from "~/security/origin.server";
import type { Route } from "./+types/team-organiser";

export const meta = () => [
  { title: "Organiser | Team order | GRIP TRUTH" },
  { name: "robots", content: "noindex" },
];

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key");
  const view = await organiserView(
    dbFrom(context),
    params.slug,
    key,
    clockFrom(context).now(),
    await catalogueFrom(context),
  );
  if (!view) throw data("Not found", { status: 404 });
  const url = new URL(request.url);
  const catalogue = await catalogueFrom(context);
  const offerSizes: Record<string, string[]> = {};
  for (const offer of view.offers) {
    const option = catalogue.all
      .get(offer.productId)
      ?.options.find((o) => o.type === offer.optionType);
    if (option) offerSizes[`${offer.productId}|${offer.optionType}`] = [...option.sizes];
  }
  return {
    ...view,
    notice: url.searchParams.get("notice")?.slice(0, 300) ?? null,
    removing: url.searchParams.get("remove"),
    offerSizes,
    key: key!,
    memberUrl: view.memberPath
      ? `${canonicalOrigin(settingsFrom(context), request)}${view.memberPath}`
      : null,
    sizes: sizeCounts(view.roster),
    left: timeLeft(new Date(view.closesAt), clockFrom(context).now()),
  };
}

/**
 * The roster upload (X-TEAM-3): every row checked; the first post answers a preview with the count
 * and a second with `confirmed=yes` sends one e-mail per address (X-SEC-16). Only a send counts
 * against the roster quota: checking a file e-mails nobody, so an organiser fixing a file is not
 * stopped by their own previews.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: {
      kind: "multipart",
      limit: BODY_LIMITS.roster,
      tooLarge: "The roster file is too large.",
    },
    noStore: true,
  },
  async ({ db, body, params, request, context }) => {
    // The file on the first post; the preview's own copy of it (`csv`) when it is confirmed.
    const file = body.get("roster");
    const kept = body.get("csv");
    const csv =
      file instanceof File && file.size > 0
        ? await file.text()
        : typeof kept === "string" && kept.trim()
          ? kept
          : undefined;
    if (csv === undefined) return refuse(400, "Choose the roster file (CSV).");
    const note = body.get("note");
    const confirmed = body.get("confirmed") === "yes";
    if (confirmed) {
      const overQuota = await takeQuota(QUOTAS.rosterUpload, { request, context });
      if (overQuota) return overQuota;
    }
    const outcome = await uploadRoster(
      db,
      await catalogueFrom(context),
      params.slug ?? "",
      new URL(request.url).searchParams.get("key"),
      {
        csv,
        note: typeof note === "string" ? note : "",
        confirmed,
        now: clockFrom(context).now(),
      },
      settingsFrom(context),
      clockFrom(context).now(),
    );
    // The preview hands the file back, so "Send" works without JavaScript and without choosing it again.
    return outcome.ok && outcome.data.preview
      ? done({ ...outcome.data, csv, note: typeof note === "string" ? note : "" })
      : outcome;
  },
);

/** /team/<slug>/organiser?key=… (X-TEAM-3): who has ordered what, sizes, names, the total. */
export default function TeamOrganiser({ loaderData, actionData }: Route.ComponentProps) {
  return <OrganiserPage view={loaderData} answer={actionData as RosterUploadAnswer | undefined} />;
}
