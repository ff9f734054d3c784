import { clockFrom, settingsFrom } from "~/db/context.server";
import { requireOwner } from "~/owners/guard.server";
import { inviteOwner, listOwners } from "~/owners/staff.server";
import { dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.owners";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/owners: the owners and the open invitations, never a hash or a token (X-DAY-4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  return Response.json(await listOwners(dbFrom(context), clockFrom(context).now()), {
    headers: { "Cache-Control": "no-store" },
  });
}

/** POST /api/admin/owners {email}: invites an owner (201; 409 already an owner; 400 bad address). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  ({ db, body, owner, context }) =>
    inviteOwner(db, body, owner!, settingsFrom(context), clockFrom(context).now()),
);
