import { requireOwner } from "~/admin/guard.server";
import { getDb } from "~/db/client.server";
import { refundJson } from "~/orders/back-office-json";
import { refundOrder } from "~/orders/refunds.server";
import { jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.admin.order-refunds";

/** POST /api/admin/orders/:orderNumber/refunds {amountPence} (X-OPS-4); 409 beyond what is left. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  const owner = await requireOwner(request, "api");
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return body.response;
  const outcome = await refundOrder(await getDb(), params.orderNumber, body.value, owner.email);
  if (!outcome.ok) return jsonError(outcome.error, outcome.status);
  return Response.json(
    {
      ...refundJson(outcome.refund),
      order_number: outcome.order.orderNumber,
      order_status: outcome.order.status,
      refunded_pence: outcome.order.refundedPence,
      remaining_pence: outcome.order.totalPence - outcome.order.refundedPence,
    },
    { status: 201 },
  );
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
