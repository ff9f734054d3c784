import { requireOwner } from "~/owners/guard.server";
import { readSettingsState, saveSettings } from "~/catalogue/editing/settings.server";
import { dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.settings";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/settings: {seller, delivery, returns} (X-TRUE-2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const { settings } = await readSettingsState(dbFrom(context));
  return Response.json(settings, { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/admin/settings: the settings (a section left out stays as it is), audited; a bad
 *  value is a 400 naming its field. */
export const action = endpoint(
  {
    methods: ["PUT"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.form },
    noStore: true,
  },
  ({ db, body, owner }) => saveSettings(db, body, owner!.email),
);
