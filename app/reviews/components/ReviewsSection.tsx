import { PenLine } from "~/ui/icons/pen-line";
import { lazy, type MouseEvent, Suspense, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { averageStars } from "../rating";
import type { PublicReview } from "../types";
import { NO_REVIEWS_TEXT, ReviewList } from "./ReviewCard";
import { REVIEW_POSTED, reviewsPath, writeReviewPath } from "../paths";
import type { ReviewsTab } from "./ReviewsDialog";
import { ReviewSummary } from "./Stars";
import { NEWEST_SHOWN } from "~/shared/limits";

// The modal, its form and the review schema load when the dialog is first opened (or a button
// that opens it is pointed at or focused), not with the page (X-PERF-2); once loaded it stays.
const loadDialog = () => import("./ReviewsDialog");
const ReviewsDialog = lazy(() => loadDialog().then((m) => ({ default: m.ReviewsDialog })));
const preload = { onPointerEnter: () => void loadDialog(), onFocus: () => void loadDialog() };

/**
 * The product page's reviews (S-REV-1..3): average, count, the three newest, See More with
 * the rest, and the modal. The list comes from the route loader, so it is in the server HTML;
 * after a submit the loaders run again, which also updates the footer count. "Write a review" and
 * "See More" are links to the reviews' own pages (/product/:id/reviews/new and /reviews), so a
 * tap works before this code has arrived or without JavaScript; once it is here they open the
 * dialog in place instead (issue 38 item 7).
 */
export function ReviewsSection({
  productId,
  productName,
  reviews,
}: {
  productId: string;
  productName: string;
  reviews: readonly PublicReview[];
}) {
  const [open, setOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [tab, setTab] = useState<ReviewsTab>("reviews");
  const [notice, setNotice] = useState<string | null>(null);
  const revalidator = useRevalidator();
  // Marked once live: until then its links lead to the reviews' pages (tests wait for it).
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => sectionRef.current?.setAttribute("data-reviews-live", ""), []);
  const average = averageStars(reviews.map((r) => r.rating));
  const remaining = reviews.length - NEWEST_SHOWN;

  const show = (event: MouseEvent<HTMLAnchorElement>, next: ReviewsTab) => {
    // A new tab or window (a modifier key, the middle button) still opens the page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    setNotice(null);
    setTab(next);
    setOpen(true);
    setDialogWanted(true);
  };

  const onSubmitted = async () => {
    await revalidator.revalidate();
    setNotice(REVIEW_POSTED);
    setTab("reviews");
  };

  return (
    <section
      id="reviews"
      ref={sectionRef}
      aria-labelledby="reviews-title"
      className="mt-14 border-t border-stone pt-10"
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="font-display text-3xl font-bold uppercase">
            Reviews
          </h2>
          {reviews.length > 0 ? (
            <ReviewSummary average={average} count={reviews.length} className="mt-2" />
          ) : null}
        </div>
        <a
          href={writeReviewPath(productId)}
          onClick={(event) => show(event, "write")}
          {...preload}
          className="inline-flex items-center gap-2 rounded bg-ink px-5 py-3 font-display tracking-wider text-paper uppercase hover:bg-ink-soft"
        >
          <PenLine aria-hidden="true" className="size-4" />
          Write a review
        </a>
      </div>
      {reviews.length === 0 ? (
        <p className="mt-6 text-muted">{NO_REVIEWS_TEXT}</p>
      ) : (
        <div className="mt-6" data-testid="newest-reviews">
          <ReviewList reviews={reviews.slice(0, NEWEST_SHOWN)} />
          {remaining > 0 ? (
            <a
              href={reviewsPath(productId)}
              onClick={(event) => show(event, "reviews")}
              {...preload}
              className="mt-5 inline-block font-semibold underline underline-offset-4 hover:text-accent"
            >
              See More ({remaining} more {remaining === 1 ? "review" : "reviews"})
            </a>
          ) : null}
        </div>
      )}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ReviewsDialog
            open={open}
            tab={tab}
            onTabChange={setTab}
            onClose={() => setOpen(false)}
            productId={productId}
            productName={productName}
            reviewCount={reviews.length}
            list={
              reviews.length === 0 ? (
                <p className="text-muted">{NO_REVIEWS_TEXT}</p>
              ) : (
                <ReviewList reviews={reviews} />
              )
            }
            notice={notice}
            onSubmitted={onSubmitted}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
