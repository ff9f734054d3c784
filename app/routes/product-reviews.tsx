import { data } from "react-router";
import { findProduct } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import { dbFrom } from "~/db/context.server";
import { AllReviewsPage } from "~/reviews/components/ReviewPages";
import { listReviewsOrEmpty } from "~/reviews/reviews.server";
import { pageMeta } from "~/seo/meta";
import type { Route } from "./+types/product-reviews";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData ? `Reviews: ${loaderData.productName}` : "Product not found",
    description: loaderData
      ? `Every customer review of ${loaderData.productName}.`
      : "We couldn't find that product.",
  });
}

/** /product/:id/reviews: every review, for "See More" before (or without) the page's script. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = findProduct(await catalogueFrom(context), params.productId);
  if (!product) throw data("We couldn't find that product.", { status: 404 });
  const reviews = await listReviewsOrEmpty(dbFrom(context), product.id);
  const posted = new URL(request.url).searchParams.get("posted") === "1";
  return { productId: product.id, productName: product.name, reviews, posted };
}

export default function ProductReviewsPage({ loaderData }: Route.ComponentProps) {
  return <AllReviewsPage {...loaderData} />;
}
