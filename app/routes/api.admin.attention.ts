import { requireOwner } from "~/owners/guard.server";
import { clockFrom, dbFrom } from "~/db/context.server";
import { needsAttention } from "~/flows/back-office/attention.server";
import type { Route } from "./+types/api.admin.attention";

/**
 * GET /api/admin/attention (issue 27): "Needs attention" as JSON, `{items: [{kind, orderNumber,
 * at, sentence, amountPence, flaggedPaymentId?}]}`, newest first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "api", context);
  const items = await needsAttention(dbFrom(context), clockFrom(context).now());
  return Response.json({ items }, { headers: { "Cache-Control": "no-store" } });
}
