import { partsFrom } from "~/flows/parts.server";
import { createCheckoutSession } from "~/flows/checkout/create-session.server";
import { hasGiftCardCodes } from "~/flows/checkout/request";
import { endpoint, takeQuota, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";

export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.document },
    rateLimit: QUOTAS.checkout,
  },
  async ({ db, body, address, context, request }) => {
    // X-GIFT-3: codes typed at checkout count against the balance check's per-address limit.
    if (hasGiftCardCodes(body)) {
      const over = await takeQuota(QUOTAS.giftCardCheck, { request, context });
      if (over) return over;
    }
    return createCheckoutSession(db, body, address, partsFrom(context), request);
  },
);

export const loader = writeOnly();
