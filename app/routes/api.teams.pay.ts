import { partsFrom } from "~/flows/parts.server";
import { payForEntries } from "~/flows/teams/organiser-pay.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";
import { problem } from "~/shared/problems";

/**
 * POST /api/teams/:slug/pay {key} → 200 {sessionId, url} (X-TEAM-7): the organiser pays for every
 * entry left to pay in one order, then the ordinary payment; 409 when nothing is left to pay.
 */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, body, params, address, context, request }) => {
    const key = (body as { key?: unknown } | null)?.key;
    if (typeof key !== "string") return problem("invalid_input", "Send the organiser's key.");
    return payForEntries(db, params.slug ?? "", key, address, partsFrom(context), request);
  },
);

export const loader = writeOnly();
