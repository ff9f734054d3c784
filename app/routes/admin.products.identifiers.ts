import { requireOwner } from "~/owners/guard.server";
import { exportVariantIdsCsv } from "~/catalogue/editing/variant-ids.server";
import { dbFrom } from "~/db/context.server";
import { BYTE_ORDER_MARK } from "~/shared/csv";
import type { Route } from "./+types/admin.products.identifiers";

/** GET /admin/products/identifiers.csv (X-FIND-1): every variant's SKU, GTIN and MPN. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  return new Response(BYTE_ORDER_MARK + (await exportVariantIdsCsv(dbFrom(context))), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="grip-truth-identifiers.csv"',
      "Cache-Control": "no-store",
    },
  });
}
