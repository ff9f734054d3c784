import { partsFrom } from "~/flows/parts.server";
import { orderJson, refundJson } from "~/flows/back-office/back-office-json";
import { changeStatus } from "~/flows/refunds/cancel-and-refund.server";
import { endpoint, success, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/admin/orders/:orderNumber/status {status, carrier?, trackingNumber?} (X-OPS-4);
 *  {status: "cancelled", refund: true, reason?} cancels a paid order with its refund (X-DAY-1). */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) => {
    const outcome = await changeStatus(
      db,
      params.orderNumber ?? "",
      body,
      owner!.email,
      partsFrom(context),
    );
    if (!outcome.ok) return outcome;
    return success({
      ...orderJson(outcome.order),
      ...(outcome.refund ? { refund: refundJson(outcome.refund) } : {}),
    });
  },
);

export const loader = writeOnly();
