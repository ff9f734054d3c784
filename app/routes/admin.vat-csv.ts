import { data } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { parseVatPeriod } from "~/flows/back-office/vat-return";
import { vatReturnCsv } from "~/flows/back-office/vat-return.server";
import type { Route } from "./+types/admin.vat-csv";

/** GET /admin/vat.csv?from=&to= (X-VAT-5): every paid order and refund of the period, by rate. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const period = parseVatPeriod(new URL(request.url).searchParams, clockFrom(context).now());
  if (!period.ok) throw data(period.message, { status: 400 });
  const { csv, filename } = await vatReturnCsv(dbFrom(context), period.period);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
