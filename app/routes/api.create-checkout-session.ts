import { partsFrom } from "~/flows/parts.server";
import { createCheckoutSession } from "~/flows/checkout/create-session.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.document },
    rateLimit: QUOTAS.checkout,
  },
  ({ db, body, address, context, request }) =>
    createCheckoutSession(db, body, address, partsFrom(context), request),
);

export const loader = writeOnly();
