import { REVIEW_STARS_MAX } from "~/shared/limits";

/** The most stars a review can give (S-REV-3). */
export const MAX_STARS = REVIEW_STARS_MAX;

/** The mean rating, unrounded (for schema.org's AggregateRating); null without ratings. */
export function meanRating(ratings: readonly number[]): number | null {
  if (ratings.length === 0) return null;
  return ratings.reduce((sum, r) => sum + r, 0) / ratings.length;
}

/**
 * The average of the ratings rounded to whole stars, 1-5 (S-REV-3); 0 when there are no
 * ratings, so the page can show the empty state instead of a made-up score.
 */
export function averageStars(ratings: readonly number[]): number {
  const mean = meanRating(ratings);
  if (mean === null) return 0;
  return Math.min(MAX_STARS, Math.max(1, Math.round(mean)));
}

/** "1 review" / "3 reviews". */
export function reviewCountLabel(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}
