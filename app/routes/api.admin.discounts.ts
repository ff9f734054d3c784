import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { createDiscount, listDiscounts } from "~/discounts/admin.server";
import { endpoint } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.discounts";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/admin/discounts: every code with its terms and uses (X-OPS-9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "api", context);
  return Response.json(
    { discounts: await listDiscounts(db) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /api/admin/discounts {code, percent, startsAt?, endsAt?, usageLimit?, minimumSpendPence?, active?}. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  ({ db, body, owner }) => createDiscount(db, body, owner!.email),
);
