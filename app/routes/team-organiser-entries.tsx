import { redirect } from "react-router";
import { catalogueFrom } from "~/catalogue/store.server";
import { partsFrom } from "~/flows/parts.server";
import { payForEntries } from "~/flows/teams/organiser-pay.server";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";
import { changeEntry } from "~/teams/entries.server";
import { teamForOrganiser } from "~/teams/teams.server";
import { problem } from "~/shared/problems";
import type { Route } from "./+types/team-organiser-entries";

/** Nothing to show here: the organiser's page is the place. */
export function loader({ params, request }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  throw redirect(`/team/${params.slug}/organiser?key=${encodeURIComponent(key)}`);
}

/**
 * The organiser's entries (X-TEAM-7), as plain forms from /team/<slug>/organiser: "Pay for N
 * items" (to the payment page), "Remove" (asked first: it cannot be undone) and "Correct".
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, body, params, request, address, context }) => {
    const slug = params.slug ?? "";
    const key = new URL(request.url).searchParams.get("key");
    const page = (extra: string) =>
      `/team/${slug}/organiser?key=${encodeURIComponent(key ?? "")}${extra}`;
    const intent = body.get("intent");
    if (intent === "pay") {
      const paid = await payForEntries(db, slug, key, address, partsFrom(context), request);
      if (!paid.ok) throw redirect(page(`&notice=${encodeURIComponent(paid.message)}`));
      throw redirect(paid.data.url, {
        headers: paid.cookie ? { "Set-Cookie": paid.cookie } : undefined,
      });
    }
    const team = await teamForOrganiser(db, slug, key);
    if (!team) return problem("not_found", "There is no such team order, or the key is wrong.");
    const entryId = String(body.get("entryId") ?? "");
    if (!/^[0-9a-f-]{36}$/.test(entryId)) return problem("invalid_input", "Choose an entry.");
    if (intent === "remove" && body.get("confirmed") !== "yes") {
      // Asked first: removing cannot be undone.
      throw redirect(page(`&remove=${entryId}#entries-heading`));
    }
    const field = (name: string) => {
      const value = body.get(name);
      return typeof value === "string" && value.trim() ? value : undefined;
    };
    const changed =
      intent === "remove"
        ? await changeEntry(db, await catalogueFrom(context), team.row.id, entryId, {
            remove: true,
          })
        : await changeEntry(db, await catalogueFrom(context), team.row.id, entryId, {
            correct: {
              name: field("name") ?? "",
              email: field("email") ?? "",
              productId: field("productId") ?? "",
              optionType: field("optionType") ?? "",
              size: field("size") ?? "",
              beltRank: field("beltRank"),
              color: field("color"),
              printName: field("printName"),
            },
          });
    const notice = changed.ok ? changed.data.message : changed.message;
    throw redirect(page(`&notice=${encodeURIComponent(notice)}#entries-heading`));
  },
);
