import { partsFrom } from "~/flows/parts.server";
import { refundJson } from "~/flows/back-office/back-office-json";
import { refundOrder } from "~/flows/refunds/refunds.server";
import { endpoint, success, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";
import { legacyStatus } from "~/orders/status";

/** POST /api/admin/orders/:orderNumber/refunds {amountPence} (X-OPS-4); 409 beyond what is left. */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) => {
    const outcome = await refundOrder(
      db,
      params.orderNumber ?? "",
      body,
      owner!.email,
      partsFrom(context),
    );
    if (!outcome.ok) return outcome;
    return success(
      {
        ...refundJson(outcome.refund),
        order_number: outcome.order.orderNumber,
        order_status: legacyStatus(outcome.order),
        refunded_pence: outcome.order.refundedPence,
        remaining_pence: outcome.order.totalPence - outcome.order.refundedPence,
        // X-GIFT-5: the refund per tender (the gift cards' part first, then the card payment's);
        // the fields above are the last of them.
        tenders: (outcome.refunds ?? [outcome.refund]).map(refundJson),
      },
      201,
    );
  },
);

export const loader = writeOnly();
