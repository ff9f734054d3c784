import { orderJson } from "~/flows/back-office/back-office-json";
import { changeOrderStatus } from "~/orders/workflow.server";
import { endpoint, refuse, success, writeOnly } from "~/security/edge.server";

/** POST /api/admin/orders/:orderNumber/status {status, carrier?, trackingNumber?} (X-OPS-4). */
export const action = endpoint(
  { sameOrigin: true, owner: "api", body: { kind: "json", limit: 4096 }, noStore: true },
  async ({ db, params, body, owner }) => {
    const outcome = await changeOrderStatus(db, params.orderNumber ?? "", body, owner!.email);
    if (!outcome.ok) return refuse(outcome.status, outcome.error);
    return success(orderJson(outcome.order));
  },
);

export const loader = writeOnly();
