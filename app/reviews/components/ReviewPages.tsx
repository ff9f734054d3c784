import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Field, TextAreaField } from "~/ui/Field";
import {
  errorOf,
  ErrorSummary,
  fieldErrorsOf,
  fieldId,
  RequiredNote,
  SubmitButton,
} from "~/ui/forms";
import { averageStars } from "../rating";
import type { PublicReview } from "../types";
import { EMAIL_MAX, NAME_MAX, TEXT_MAX } from "../validation";
import { REVIEW_FORM_NOTE } from "./ReviewForm";
import { NO_REVIEWS_TEXT, ReviewList } from "./ReviewCard";
import { RatingInput } from "./RatingInput";
import { ReviewSummary } from "./Stars";
import { REVIEW_POSTED, writeReviewPath } from "../paths";

/**
 * The reviews' own pages (issue 38 item 7): what "See More" and "Write a review" lead to before
 * the product page's script has run, or with none at all. Server-rendered, plain links and a
 * plain form; the product page's dialog does the same in place once its code is there.
 */

function PageShell({
  productId,
  productName,
  title,
  children,
}: {
  productId: string;
  productName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <p>
        <Link
          to={`/product/${encodeURIComponent(productId)}`}
          className="font-semibold underline underline-offset-4"
        >
          Back to {productName}
        </Link>
      </p>
      <h1 className="mt-4 font-display text-3xl font-bold break-words uppercase sm:text-4xl">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** /product/:id/reviews: every review of the product, newest first (S-REV-1..3). */
export function AllReviewsPage({
  productId,
  productName,
  reviews,
  posted,
}: {
  productId: string;
  productName: string;
  reviews: readonly PublicReview[];
  posted: boolean;
}) {
  const average = averageStars(reviews.map((r) => r.rating));
  return (
    <PageShell productId={productId} productName={productName} title={`Reviews: ${productName}`}>
      {posted ? (
        <p
          role="status"
          tabIndex={-1}
          autoFocus
          className="mt-4 rounded bg-success/10 px-4 py-3 font-semibold text-success focus:outline-2 focus:outline-ink"
        >
          {REVIEW_POSTED}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        {reviews.length > 0 ? (
          <ReviewSummary average={average} count={reviews.length} />
        ) : (
          <p className="text-muted">{NO_REVIEWS_TEXT}</p>
        )}
        <Link
          to={writeReviewPath(productId)}
          className="inline-flex min-h-11 items-center rounded bg-ink px-5 py-3 font-display tracking-wider text-paper uppercase hover:bg-ink-soft"
        >
          Write a review
        </Link>
      </div>
      {reviews.length > 0 ? (
        <section aria-labelledby="all-reviews" className="mt-6">
          <h2 id="all-reviews" className="mb-4 font-display text-2xl font-bold uppercase">
            {reviews.length === 1 ? "The review" : `All ${reviews.length} reviews`}
          </h2>
          <ReviewList reviews={reviews} />
        </section>
      ) : null}
    </PageShell>
  );
}

const FORM = "review";
const FIELD_ORDER = ["customer_name", "customer_email", "rating", "review_text"] as const;

/** What the form sent, shown again when it comes back refused. */
export type ReviewDraft = Partial<Record<(typeof FIELD_ORDER)[number], string>>;

/**
 * /product/:id/reviews/new: the review form as a plain form the server answers (S-REV-4), with
 * the shop's one form pattern (X-A11Y-2). Photos need the product page's dialog (they are
 * uploaded one by one before the review is sent); everything else works without JavaScript.
 */
export function WriteReviewPage({
  productId,
  productName,
  reviewToken,
  answer,
}: {
  productId: string;
  productName: string;
  /** The signed link from the buyer's confirmation e-mail, if they came from it (X-SEC-8). */
  reviewToken: string | null;
  answer: unknown;
}) {
  const errors = fieldErrorsOf(answer);
  const draft: ReviewDraft =
    answer && typeof answer === "object" && "draft" in answer
      ? ((answer as { draft: ReviewDraft }).draft ?? {})
      : {};
  const [rating, setRating] = useState(Number(draft.rating) || 0);
  const busy = useNavigation().state === "submitting";
  return (
    <PageShell
      productId={productId}
      productName={productName}
      title={`Write a review: ${productName}`}
    >
      <Form method="post" noValidate className="mt-6 space-y-5" aria-describedby="review-note">
        <ErrorSummary
          form={FORM}
          message={errorOf(answer)}
          errors={errors}
          fieldOrder={FIELD_ORDER}
          answer={answer}
        />
        <p id="review-note" className="text-sm text-muted">
          {REVIEW_FORM_NOTE} Photos can be added from the product page.
        </p>
        <RequiredNote />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={fieldId(FORM, "customer_name")}
            label="Name"
            name="customer_name"
            autoComplete="name"
            maxLength={NAME_MAX}
            required
            defaultValue={draft.customer_name}
            error={errors.customer_name}
          />
          <Field
            id={fieldId(FORM, "customer_email")}
            label="E-mail"
            name="customer_email"
            type="email"
            autoComplete="email"
            maxLength={EMAIL_MAX}
            required
            defaultValue={draft.customer_email}
            error={errors.customer_email}
          />
        </div>
        <RatingInput
          name="rating"
          id={fieldId(FORM, "rating")}
          value={rating}
          onChange={setRating}
          error={errors.rating}
        />
        <TextAreaField
          id={fieldId(FORM, "review_text")}
          label="Your review"
          name="review_text"
          rows={6}
          maxLength={TEXT_MAX}
          required
          defaultValue={draft.review_text}
          error={errors.review_text}
        />
        {/* A honeypot: people never see or reach it; bots that fill it are ignored. */}
        <div hidden>
          <label htmlFor="review-website">Website</label>
          <input id="review-website" name="website" tabIndex={-1} autoComplete="off" />
        </div>
        {reviewToken ? <input type="hidden" name="review_token" value={reviewToken} /> : null}
        <SubmitButton busy={busy}>{busy ? "Submitting..." : "Submit review"}</SubmitButton>
      </Form>
    </PageShell>
  );
}
