import { requireOwner } from "~/owners/guard.server";
import { endpoint, refuse } from "~/security/edge.server";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.admin.not-found";

/** Any other /api/admin path: 401 without a session, 404 with one (never an HTML page). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  return jsonError("No such back-office route.", 404);
}

export const action = endpoint(
  {
    methods: ["POST", "PUT", "PATCH", "DELETE"],
    sameOrigin: true,
    owner: "api",
    body: { kind: "none" },
  },
  async () => refuse(404, "No such back-office route."),
);
