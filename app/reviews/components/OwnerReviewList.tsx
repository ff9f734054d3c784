import { Form } from "react-router";
import { Button } from "~/ui/Button";
import type { OwnerReview } from "../admin.server";
import { thumbnailUrl } from "../photo-urls";
import { formatLondon } from "~/shared/london-time";

/** /admin/reviews (X-OPS-7): each review with Hide/Show and a Delete that asks first. */
export function OwnerReviewList({ reviews }: { reviews: readonly OwnerReview[] }) {
  if (reviews.length === 0) {
    return <p className="rounded-lg bg-white p-5 ring-1 ring-black/5">No reviews yet.</p>;
  }
  return (
    <ul className="space-y-4">
      {reviews.map((review) => {
        const headingId = `review-${review.id}`;
        return (
          <li key={review.id}>
            <article
              aria-labelledby={headingId}
              className={`rounded-lg p-5 ring-1 ring-black/5 ${review.hidden ? "bg-stone/60" : "bg-white"}`}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={headingId} className="font-display text-lg font-bold uppercase">
                  <a href={`/product/${review.productId}`} className="hover:underline">
                    {review.productName}
                  </a>
                </h2>
                <p className="text-sm text-muted">{formatLondon(new Date(review.createdAt))}</p>
              </div>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold">Rating {review.rating} out of 5</span>
                {review.verifiedPurchase ? (
                  <span className="rounded-full bg-green-100 px-2 font-semibold text-green-900">
                    Verified purchase
                  </span>
                ) : null}
                {review.hidden ? (
                  <span className="rounded-full bg-ink px-2 font-semibold text-paper">Hidden</span>
                ) : null}
              </p>
              <p className="mt-3 break-words whitespace-pre-line">{review.reviewText}</p>
              {review.photoUrls.length > 0 ? (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label="Photos">
                  {review.photoUrls.map((url, index) => (
                    <li key={url}>
                      <a href={url}>
                        <img
                          src={thumbnailUrl(url)}
                          alt={`Photo ${index + 1} from ${review.customerName}`}
                          className="h-20 w-20 rounded object-cover"
                          loading="lazy"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
              <p className="mt-3 text-sm break-words">
                By <span className="font-semibold">{review.customerName}</span> ·{" "}
                <a href={`mailto:${review.customerEmail}`} className="underline">
                  {review.customerEmail}
                </a>
              </p>
              <div className="mt-4 flex flex-wrap items-start gap-3">
                <Form method="post">
                  <input type="hidden" name="id" value={review.id} />
                  <input type="hidden" name="intent" value={review.hidden ? "show" : "hide"} />
                  <Button
                    variant="secondary"
                    aria-label={`${review.hidden ? "Show" : "Hide"} the review by ${review.customerName}`}
                  >
                    {review.hidden ? "Show" : "Hide"}
                  </Button>
                </Form>
                <details className="group">
                  <summary className="inline-flex min-h-11 cursor-pointer items-center rounded px-4 font-semibold text-accent-dark underline underline-offset-4">
                    Delete
                  </summary>
                  <Form method="post" className="mt-2 rounded-md bg-red-50 p-3">
                    <p className="text-sm text-red-900">
                      This removes the review and its photos for good.
                    </p>
                    <input type="hidden" name="id" value={review.id} />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="confirm" value="yes" />
                    <Button variant="danger" className="mt-2">
                      Delete for good
                    </Button>
                  </Form>
                </details>
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
