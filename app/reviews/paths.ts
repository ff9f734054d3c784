/**
 * The reviews' own pages (issue 38 item 7): where "See More" and "Write a review" lead before the
 * product page's script has run, or without it. Kept apart from the pages' code, so the product
 * page's reviews carry only these few bytes.
 */
export const reviewsPath = (productId: string) =>
  `/product/${encodeURIComponent(productId)}/reviews`;
export const writeReviewPath = (productId: string) => `${reviewsPath(productId)}/new`;

/** Said once a review is posted, on the list of reviews and in the product page's dialog (S-REV-2). */
export const REVIEW_POSTED = "Thank you! Your review has been posted.";
