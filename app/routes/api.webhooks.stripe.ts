import { partsFrom } from "~/flows/parts.server";
import { handleStripeWebhook } from "~/flows/payment/webhook.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/** Stripe's servers post here: signed, so no same-origin check; the raw body is what is signed. */
export const action = endpoint(
  { sameOrigin: false, body: { kind: "raw", limit: BODY_LIMITS.webhook } },
  ({ db, request, body, context }) =>
    handleStripeWebhook(db, body, request.headers.get("stripe-signature"), partsFrom(context)),
);

export const loader = writeOnly();
