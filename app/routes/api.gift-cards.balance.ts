import { clockFrom } from "~/db/context.server";
import { checkGiftCardBalance } from "~/giftcards/cards.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { shopDay } from "~/shared/gift-cards";
import { BODY_LIMITS } from "~/shared/limits";

/** POST /api/gift-cards/balance {code} → {balance_pence, expires_on} (X-GIFT-4), rate-limited. */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.giftCardCheck,
  },
  ({ db, body, context }) =>
    checkGiftCardBalance(
      db,
      (body as { code?: unknown } | null)?.code,
      shopDay(clockFrom(context).now()),
    ),
);

export const loader = writeOnly();
