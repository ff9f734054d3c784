import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { dashboardSummary, parseSummaryDays } from "~/flows/back-office/summary.server";
import { statusOf } from "~/security/edge.server";
import type { Route } from "./+types/api.admin.summary";

/** GET /api/admin/summary?days=30: the dashboard's figures (X-DAY-2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const headers = { "Cache-Control": "no-store" };
  const days = parseSummaryDays(new URL(request.url).searchParams);
  if (!days.ok) return Response.json({ error: days.message }, { status: statusOf(days), headers });
  const { summary } = await dashboardSummary(dbFrom(context), days.days, clockFrom(context).now());
  return Response.json(summary, { headers });
}
