import { reviewsForProduct, submitReview } from "~/reviews/api.server";
import type { Route } from "./+types/api.product-reviews";

export function loader({ params }: Route.LoaderArgs) {
  return reviewsForProduct(params.productId);
}

export function action({ request, params }: Route.ActionArgs) {
  return submitReview(request, params.productId);
}
