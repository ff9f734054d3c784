import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { parseVatPeriod } from "~/flows/back-office/vat-return";
import { vatReturn } from "~/flows/back-office/vat-return.server";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.admin.vat";

/**
 * GET /api/admin/vat?from=YYYY-MM-DD&to=YYYY-MM-DD (X-VAT-5): the VAT return's figures for those
 * UK days (box 1, box 6, and by rate the sales and refunds); without dates, the current quarter.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const headers = { "Cache-Control": "no-store" };
  const period = parseVatPeriod(new URL(request.url).searchParams, clockFrom(context).now());
  if (!period.ok) return jsonError(period.message, 400, headers);
  return Response.json(await vatReturn(dbFrom(context), period.period), { headers });
}
