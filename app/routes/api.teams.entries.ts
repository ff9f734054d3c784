import { clockFrom } from "~/db/context.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { endpoint, writeOnly } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { BODY_LIMITS } from "~/shared/limits";
import { addEntry } from "~/teams/entries.server";

/**
 * POST /api/teams/:slug/entries {key, name, email, productId, optionType, size, beltRank?, color?,
 * printName?} → 201 {entryId} (X-TEAM-7): a member's choice, no card; 409 once the store closed
 * or has its expected size; 404 without the members' (or the organiser's) key (X-SEC-25).
 */
export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, body, params, context }) =>
    addEntry(db, await catalogueFrom(context), params.slug ?? "", body, clockFrom(context).now()),
);

export const loader = writeOnly();
