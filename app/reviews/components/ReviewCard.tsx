import { BadgeCheck } from "~/ui/icons/badge-check";
import { formatLondonDate } from "~/shared/london-time";
import type { PublicReview } from "../types";
import { thumbnailUrl } from "../photo-urls";
import { Stars } from "./Stars";

/**
 * One review. Everything a reviewer wrote is rendered as React text, never as HTML, so
 * "<script>" in a review shows as those characters.
 */
export function ReviewCard({ review }: { review: PublicReview }) {
  return (
    <article className="rounded-lg border border-stone bg-white p-4 sm:p-5" data-testid="review">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <h3 className="font-sans text-base font-bold break-words">{review.customer_name}</h3>
        <time dateTime={review.created_at} className="text-sm text-muted">
          {formatLondonDate(new Date(review.created_at))}
        </time>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        {review.verified_purchase ? (
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-success">
            <BadgeCheck aria-hidden="true" className="size-4" />
            Verified purchase
          </span>
        ) : null}
      </div>
      <p className="mt-3 leading-relaxed break-words whitespace-pre-line">{review.review_text}</p>
      {review.photo_urls.length > 0 ? (
        <ul
          className="mt-3 flex flex-wrap gap-2"
          aria-label={`Photos from ${review.customer_name}`}
        >
          {review.photo_urls.map((url, i) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noopener"
                className="block overflow-hidden rounded-md ring-1 ring-stone hover:ring-ink"
              >
                <img
                  src={thumbnailUrl(url)}
                  alt={`Photo ${i + 1} of ${review.photo_urls.length} from ${review.customer_name} (opens full size)`}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 bg-stone object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

export function ReviewList({ reviews }: { reviews: readonly PublicReview[] }) {
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} />
        </li>
      ))}
    </ul>
  );
}

export const NO_REVIEWS_TEXT = "No reviews yet. Be the first to review this product!";
