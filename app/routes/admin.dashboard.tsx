import { launchChecklist } from "~/flows/back-office/launch.server";
import { LaunchChecklist } from "~/flows/back-office/LaunchChecklist";
import { partsFrom } from "~/flows/parts.server";
import { data } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import { serviceSettingsFrom } from "~/security/service-settings.server";
import { backupHealth } from "~/flows/back-office/backups.server";
import { filesFrom } from "~/storage/files.server";
import { dashboardSummary, parseSummaryDays } from "~/flows/back-office/summary.server";
import { Dashboard } from "~/flows/back-office/Dashboard";
import { needsAttention } from "~/flows/back-office/attention.server";
import { refundFlaggedPaymentAction } from "~/flows/back-office/attention-actions.server";
import { pageEndpoint, statusOf } from "~/security/edge.server";
import type { Route } from "./+types/admin.dashboard";
import { mailOnlyInFiles } from "~/mail/mail-server.server";
import { MailOnlyInFilesWarning } from "~/mail/MailServerSection";
import { BODY_LIMITS, SUMMARY_DAYS_DEFAULT } from "~/shared/limits";

export const meta = () => [{ title: "Dashboard | GRIP TRUTH back office" }];

/** /admin (X-DAY-2): the same figures as GET /api/admin/summary, for `?days=` (7, 30 or 90). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const parsed = parseSummaryDays(new URL(request.url).searchParams);
  const days = parsed.ok ? parsed.days : SUMMARY_DAYS_DEFAULT;
  const db = dbFrom(context);
  const [{ summary, extras }, attention, launch, backup] = await Promise.all([
    dashboardSummary(db, days, clockFrom(context).now()),
    needsAttention(db, clockFrom(context).now()),
    launchChecklist(db, settingsFrom(context), serviceSettingsFrom(context)),
    backupHealth(settingsFrom(context), filesFrom(context), clockFrom(context).now()),
  ]);
  // "Refund this payment" asks first (issue 27): ?confirm=<payment> shows the confirming form.
  const confirm = new URL(request.url).searchParams.get("confirm");
  return data(
    {
      days,
      summary,
      ...extras,
      attention,
      backup,
      confirm,
      error: parsed.ok ? null : parsed.message,
      launch: launch.items,
      // X-OWN-2: e-mail only written to files in production.
      mailOnlyInFiles: mailOnlyInFiles(settingsFrom(context), serviceSettingsFrom(context)),
    },
    parsed.ok ? undefined : { status: statusOf(parsed) },
  );
}

/** The confirmed "Refund this payment" (issue 27). */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.flag },
    noStore: true,
  },
  ({ db, body, owner, context }) =>
    refundFlaggedPaymentAction(
      db,
      String(body.get("payment") ?? ""),
      owner!.email,
      partsFrom(context),
    ),
);

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { launch, mailOnlyInFiles: onlyFiles, ...dashboard } = loaderData;
  return (
    <>
      {onlyFiles ? <MailOnlyInFilesWarning /> : null}
      <LaunchChecklist items={launch} />
      <Dashboard {...dashboard} outcome={actionData} />
    </>
  );
}
