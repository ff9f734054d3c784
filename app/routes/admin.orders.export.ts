import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { parseOrderFilter } from "~/flows/back-office/back-office.server";
import { exportOrdersCsv } from "~/flows/back-office/export.server";
import type { Route } from "./+types/admin.orders.export";

/** GET /admin/orders/export.csv with the list's filters (X-OPS-6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = await requireOwner(request, "page", context);
  const filter = parseOrderFilter(new URL(request.url).searchParams);
  const { csv, filename } = await exportOrdersCsv(
    dbFrom(context),
    filter,
    owner.email,
    clockFrom(context).now(),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
