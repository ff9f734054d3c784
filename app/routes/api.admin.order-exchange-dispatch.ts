import { clockFrom } from "~/db/context.server";
import { exchangeJson } from "~/flows/back-office/back-office-json";
import { dispatchExchange } from "~/flows/returns/exchanges.server";
import { endpoint, success, writeOnly } from "~/security/edge.server";
import { BODY_LIMITS } from "~/shared/limits";

/**
 * POST /api/admin/orders/:orderNumber/exchanges/:exchangeId/dispatch {carrier, trackingNumber}
 * (X-FIT-2): the exchange's replacement sent, the buyer e-mailed; 409 when it already went (or
 * was refunded instead), 400 for a carrier not on the list or a missing tracking number.
 */
export const action = endpoint(
  {
    sameOrigin: true,
    owner: "api",
    body: { kind: "json", limit: BODY_LIMITS.short },
    noStore: true,
  },
  async ({ db, params, body, owner, context }) => {
    const outcome = await dispatchExchange(
      db,
      params.orderNumber ?? "",
      params.exchangeId ?? "",
      body,
      owner!.email,
      clockFrom(context).now(),
    );
    if (!outcome.ok) return outcome;
    return success(exchangeJson(outcome.data.exchange));
  },
);

export const loader = writeOnly();
