import { catalogueFrom } from "~/catalogue/store.server";
import { settingsFrom } from "~/db/context.server";
import { endpoint, success, writeOnly } from "~/security/edge.server";
import { canonicalOrigin } from "~/security/origin.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";
import { requestStockAlert } from "~/stock/alerts.server";

/**
 * POST /api/stock-alerts {productId, optionType, size, color, email} → 202 (X-FIT-3): a confirm
 * link is e-mailed; limited per connection (the edge) and per e-mail address (a day's worth).
 */
export const action = endpoint(
  {
    sameOrigin: true,
    crossSite: "Alerts can only be asked for from this shop's pages.",
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.stockAlert,
    noStore: true,
  },
  async ({ db, body, request, context }) => {
    const answer = await requestStockAlert(
      db,
      await catalogueFrom(context),
      body,
      canonicalOrigin(settingsFrom(context), request),
    );
    return answer.ok ? success(answer.data, 202) : answer;
  },
);

export const loader = writeOnly(["POST"], "Use POST to ask for a back-in-stock alert.");
