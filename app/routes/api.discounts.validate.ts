import { clockFrom } from "~/db/context.server";
import { checkDiscountCode } from "~/flows/checkout/discount-check.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/discounts/validate {code} → {code, percent} or 404 "Invalid discount code." */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.discountCheck,
  },
  ({ db, body, context }) => checkDiscountCode(db, body, clockFrom(context).now()),
);

export const loader = writeOnly();
