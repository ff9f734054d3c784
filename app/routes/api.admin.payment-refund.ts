import { partsFrom } from "~/flows/parts.server";
import { refundFlaggedPaymentAction } from "~/flows/back-office/attention-actions.server";
import { endpoint, writeOnly } from "~/security/edge.server";

/** POST /api/admin/payments/:id/refund (issue 27): "Refund this payment", exactly once. */
export const action = endpoint(
  { sameOrigin: true, owner: "api", body: { kind: "none" }, noStore: true },
  ({ db, params, owner, context }) =>
    refundFlaggedPaymentAction(db, params.id ?? "", owner!.email, partsFrom(context)),
);

export const loader = writeOnly();
