import { requireOwner } from "~/admin/guard.server";
import { getDb } from "~/db/client.server";
import { orderJson } from "~/orders/back-office-json";
import { changeOrderStatus } from "~/orders/workflow.server";
import { jsonError, readJsonBody } from "~/security/request.server";
import type { Route } from "./+types/api.admin.order-status";

/** POST /api/admin/orders/:orderNumber/status {status, carrier?, trackingNumber?} (X-OPS-4). */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError("Use POST.", 405, { Allow: "POST" });
  const owner = await requireOwner(request, "api");
  const body = await readJsonBody(request, 4096);
  if (!body.ok) return body.response;
  const outcome = await changeOrderStatus(
    await getDb(),
    params.orderNumber,
    body.value,
    owner.email,
  );
  if (!outcome.ok) return jsonError(outcome.error, outcome.status);
  return Response.json(orderJson(outcome.order));
}

export function loader() {
  return jsonError("Use POST.", 405, { Allow: "POST" });
}
