import { data } from "react-router";
import { requireOwner } from "~/admin/guard.server";
import { dbFrom } from "~/db/context.server";
import {
  dashboardSummary,
  parseSummaryDays,
  SUMMARY_DAYS_DEFAULT,
} from "~/flows/back-office/summary.server";
import { Dashboard } from "~/flows/back-office/Dashboard";
import type { Route } from "./+types/admin.dashboard";

export const meta = () => [{ title: "Dashboard | GRIP TRUTH back office" }];

/** /admin (X-DAY-2): the same figures as GET /api/admin/summary, for `?days=` (7, 30 or 90). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const parsed = parseSummaryDays(new URL(request.url).searchParams);
  const days = parsed.ok ? parsed.days : SUMMARY_DAYS_DEFAULT;
  const { summary, extras } = await dashboardSummary(dbFrom(context), days);
  return data(
    { days, summary, ...extras, error: parsed.ok ? null : parsed.error },
    parsed.ok ? undefined : { status: parsed.status },
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <Dashboard {...loaderData} />;
}
