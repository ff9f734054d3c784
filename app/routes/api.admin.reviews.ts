import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { listOwnerReviews } from "~/reviews/admin.server";
import type { Route } from "./+types/api.admin.reviews";

/** GET /api/admin/reviews: every review newest first, hidden ones too, with e-mails (X-OPS-7). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "api", context);
  return Response.json(
    { reviews: await listOwnerReviews(db, clockFrom(context).now()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
