/**
 * A tap on the product page's review buttons ("Write a review", "See More") made before their
 * code has arrived. The reviews' code loads beside the page's (components/ProductReviews.tsx);
 * until React has hydrated them it drops a click on them rather than replay it, so the page
 * notes the click itself and the reviews act on it once they are live.
 */
export type ReviewsIntent = "write" | "reviews";

/** The attribute naming a button's intent in the server's HTML. */
export const INTENT_ATTRIBUTE = "data-reviews-intent";

let pending: ReviewsIntent | null = null;
let stop: (() => void) | null = null;

const isIntent = (value: string | null | undefined): value is ReviewsIntent =>
  value === "write" || value === "reviews";

/** Starts noting taps on the review buttons (in the browser, once, before hydration). */
export function noteReviewIntents(
  target: Pick<Window, "addEventListener" | "removeEventListener">,
) {
  if (stop) return;
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.(`[${INTENT_ATTRIBUTE}]`);
    const intent = button?.getAttribute(INTENT_ATTRIBUTE);
    if (isIntent(intent)) pending = intent;
  };
  // Capturing on the window: it hears the click before React's listener on the document.
  target.addEventListener("click", onClick, true);
  stop = () => target.removeEventListener("click", onClick, true);
}

/** What was tapped before the reviews were live, if anything; from now on they hear taps
 *  themselves, so noting stops. */
export function takeReviewIntent(): ReviewsIntent | null {
  stop?.();
  const intent = pending;
  pending = null;
  return intent;
}
