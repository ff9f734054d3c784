import { requireOwner } from "~/admin/guard.server";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.admin.not-found";

/** Any other /api/admin path: 401 without a session, 404 with one (never an HTML page). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request, "api");
  return jsonError("No such back-office route.", 404);
}

export async function action({ request }: Route.ActionArgs) {
  await requireOwner(request, "api");
  return jsonError("No such back-office route.", 404);
}
