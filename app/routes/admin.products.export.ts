import { requireOwner } from "~/owners/guard.server";
import { exportCatalogueCsv } from "~/catalogue/editing/csv.server";
import { dbFrom } from "~/db/context.server";
import type { Route } from "./+types/admin.products.export";

/** GET /admin/products/export.csv: the catalogue, one row per option (X-CAT-4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return new Response(await exportCatalogueCsv(dbFrom(context)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="grip-truth-catalogue.csv"',
      "Cache-Control": "no-store",
    },
  });
}
