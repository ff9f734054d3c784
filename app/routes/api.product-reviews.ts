import { clockFrom, settingsFrom } from "~/db/context.server";
import { dbFrom } from "~/db/context.server";
import { reviewsForProduct, submitReview } from "~/reviews/api.server";
import { endpoint, statusOf } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import type { Route } from "./+types/api.product-reviews";
import { BODY_LIMITS } from "~/shared/limits";

/** GET /api/products/:productId/reviews: the reviews, or {error} (404 for an unknown product). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const reviews = await reviewsForProduct(
    dbFrom(context),
    params.productId,
    clockFrom(context).now(),
  );
  return reviews.ok
    ? Response.json(reviews.data)
    : Response.json({ error: reviews.message }, { status: statusOf(reviews) });
}

export const action = endpoint(
  {
    sameOrigin: true,
    body: { kind: "json", limit: BODY_LIMITS.document },
    rateLimit: QUOTAS.review,
  },
  ({ db, params, body, request, context }) =>
    submitReview(
      db,
      params.productId,
      body,
      request,
      settingsFrom(context),
      clockFrom(context).now(),
    ),
);
