import { requireOwner } from "~/owners/guard.server";
import { dbFrom } from "~/db/context.server";
import { countUnhandledEnquiries, listOwnerEnquiries } from "~/enquiries/admin.server";
import type { Route } from "./+types/api.admin.enquiries";

/** GET /api/admin/enquiries: newest first, with the unhandled count (X-OPS-8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbFrom(context);
  await requireOwner(request, "api", context);
  return Response.json(
    { enquiries: await listOwnerEnquiries(db), unhandled: await countUnhandledEnquiries(db) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
