import { partsFrom } from "~/flows/parts.server";
import { verifyOrder } from "~/flows/checkout/verify.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/verify-order {sessionId}: the confirmation page polls it (X-SEC-6, X-SEC-7). */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.verifyOrder,
    noStore: true,
  },
  ({ db, body, context, request }) => verifyOrder(db, body, partsFrom(context), request),
);

export const loader = writeOnly();
