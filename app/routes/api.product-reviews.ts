import { dbFrom } from "~/db/context.server";
import { reviewsForProduct, submitReview } from "~/reviews/api.server";
import type { Route } from "./+types/api.product-reviews";

export function loader({ params, context }: Route.LoaderArgs) {
  return reviewsForProduct(dbFrom(context), params.productId);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return submitReview(dbFrom(context), request, params.productId);
}
