import { Star } from "~/ui/icons/star";
import { MAX_STARS, reviewCountLabel } from "../rating";

/** A row of five stars, the first `value` filled, read out as "Rated n out of 5 stars". */
export function Stars({
  value,
  className = "size-4",
  label,
}: {
  value: number;
  className?: string;
  label?: string;
}) {
  return (
    <span
      role="img"
      aria-label={label ?? `Rated ${value} out of ${MAX_STARS} stars`}
      className="inline-flex shrink-0 gap-0.5"
    >
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={`${className} ${i < value ? "fill-accent text-accent" : "fill-transparent text-ink/30"}`}
        />
      ))}
    </span>
  );
}

/** The reviews' average in stars and words with their count (the product page and /reviews). */
export function ReviewSummary({
  average,
  count,
  className = "",
}: {
  average: number;
  count: number;
  className?: string;
}) {
  return (
    <p className={`flex items-center gap-3 ${className}`} data-testid="review-summary">
      <Stars
        value={average}
        className="size-5"
        label={`Average rating ${average} out of 5 stars`}
      />
      <span className="font-semibold">{average} out of 5</span>
      <span className="text-muted">({reviewCountLabel(count)})</span>
    </p>
  );
}
