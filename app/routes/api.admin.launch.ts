import { requireOwner } from "~/owners/guard.server";
import { launchChecklist } from "~/flows/back-office/launch.server";
import { dbFrom, settingsFrom } from "~/db/context.server";
import { serviceSettingsFrom } from "~/security/service-settings.server";
import type { Route } from "./+types/api.admin.launch";

/** GET /api/admin/launch: {items: [{id, done, label, href}]} (X-TRUE-3). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const { items } = await launchChecklist(
    dbFrom(context),
    settingsFrom(context),
    serviceSettingsFrom(context),
  );
  return Response.json({ items }, { headers: { "Cache-Control": "no-store" } });
}
