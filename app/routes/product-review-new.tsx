import { data, redirect } from "react-router";
import { findProduct } from "~/catalogue/catalogue";
import { catalogueFrom } from "~/catalogue/store.server";
import { clockFrom, settingsFrom } from "~/db/context.server";
import { submitReview } from "~/reviews/api.server";
import { type ReviewDraft, WriteReviewPage } from "~/reviews/components/ReviewPages";
import { reviewsPath } from "~/reviews/paths";
import { reviewFieldErrors, reviewFormProblem } from "~/reviews/validation";
import { pageEndpoint, refuse } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import { BODY_LIMITS } from "~/shared/limits";
import type { Route } from "./+types/product-review-new";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: loaderData ? `Write a review: ${loaderData.productName}` : "Product not found",
      description: loaderData
        ? `Write a review of ${loaderData.productName}.`
        : "We couldn't find that product.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** /product/:id/reviews/new: "Write a review" before (or without) the product page's script. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const product = findProduct(await catalogueFrom(context), params.productId);
  if (!product) throw data("We couldn't find that product.", { status: 404 });
  const reviewToken = new URL(request.url).searchParams.get("review");
  return { productId: product.id, productName: product.name, reviewToken };
}

/**
 * The form's post: the same review action and rules as the dialog's JSON (reviews/api.server.ts),
 * the same quota; refused with each wrong field named, posted to the list of reviews.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.document },
    rateLimit: QUOTAS.review,
  },
  async ({ db, params, body, request, context }) => {
    const text = (name: string) => String(body.get(name) ?? "");
    const draft: ReviewDraft = {
      customer_name: text("customer_name"),
      customer_email: text("customer_email"),
      rating: text("rating"),
      review_text: text("review_text"),
    };
    const values = {
      name: draft.customer_name!,
      email: draft.customer_email!,
      rating: Number(draft.rating) || 0,
      text: draft.review_text!,
    };
    // The sentence the dialog says (S-REV-4), and each wrong field by its name (X-A11Y-2).
    const problem = reviewFormProblem(values);
    if (problem) {
      return refuse(400, problem, { extra: { fieldErrors: reviewFieldErrors(values), draft } });
    }
    const productId = params.productId ?? "";
    const posted = await submitReview(
      db,
      productId,
      {
        customer_name: draft.customer_name,
        customer_email: draft.customer_email!.trim(),
        rating: Number(draft.rating),
        review_text: draft.review_text,
        photo_urls: [],
        website: text("website"),
        review_token: text("review_token") || undefined,
      },
      request,
      settingsFrom(context),
      clockFrom(context).now(),
    );
    if (!posted.ok) return { ...posted, extra: { ...posted.extra, draft } };
    throw redirect(`${reviewsPath(productId)}?posted=1`);
  },
);

export default function ProductReviewNew({ loaderData, actionData }: Route.ComponentProps) {
  return <WriteReviewPage {...loaderData} answer={actionData} />;
}
