import { requireOwner } from "~/owners/guard.server";
import { applyOwnersForm } from "~/owners/owners-page.server";
import { OwnersPage } from "~/owners/OwnersPage";
import { ownerSessionsFrom } from "~/owners/session.server";
import { listOwners } from "~/owners/staff.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { pageEndpoint } from "~/security/edge.server";
import type { Route } from "./+types/admin.owners";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () => [{ title: "Owners | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireOwner(request, "page", context);
  return { ...(await listOwners(dbFrom(context), clockFrom(context).now())), me: owner.id };
}

export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.credentials },
    noStore: true,
  },
  ({ db, request, body, owner, address, context }) =>
    applyOwnersForm(
      db,
      request,
      owner!,
      body,
      address,
      ownerSessionsFrom(context),
      settingsFrom(context),
      clockFrom(context).now(),
    ),
);

/** /admin/owners (X-DAY-4): who can sign in, invitations, removing an owner, my password. */
export default function AdminOwners({ loaderData, actionData }: Route.ComponentProps) {
  return <OwnersPage {...loaderData} answer={actionData} />;
}
