import { requireOwner } from "~/owners/guard.server";
import { createPromotion, listPromotions } from "~/catalogue/editing/site.server";
import { dbFrom } from "~/db/context.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.promotions";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/promotions: the automatic sales (X-CAT-5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  return Response.json(
    { promotions: await listPromotions(dbFrom(context)) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /api/admin/promotions {name, percent, startsAt?, endsAt?}: 201 the promotion. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, body, owner }) => createPromotion(db, body, owner!.email),
);
