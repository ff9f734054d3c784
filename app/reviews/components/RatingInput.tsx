import { Star } from "~/ui/icons/star";
import { useId } from "react";
import { MAX_STARS } from "../rating";

/**
 * Star rating 1-5 as native radios: Tab reaches it, arrow keys choose (S-REV-4). Given a `name`,
 * the radios are sent with a plain form (the review page works without JavaScript); `id` is the
 * first star's (an error summary links to it) and `error` the group's own message (X-A11Y-2).
 */
export function RatingInput({
  value,
  onChange,
  disabled,
  name: givenName,
  id,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  name?: string;
  id?: string;
  error?: string;
}) {
  const autoName = useId();
  const name = givenName ?? autoName;
  const errorId = `${id ?? autoName}-error`;
  return (
    <fieldset disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">
        Rating <span className="font-normal text-muted">(required)</span>
      </legend>
      <div className="mt-1 flex items-center gap-1">
        {Array.from({ length: MAX_STARS }, (_, i) => {
          const stars = i + 1;
          return (
            <label
              key={stars}
              className="flex size-11 cursor-pointer items-center justify-center rounded has-focus-visible:outline-3 has-focus-visible:outline-offset-0 has-focus-visible:outline-accent"
            >
              <input
                id={stars === 1 ? id : undefined}
                type="radio"
                name={name}
                required={givenName ? true : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                aria-label={`${stars} ${stars === 1 ? "star" : "stars"}`}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={`size-7 ${stars <= value ? "fill-accent text-accent" : "fill-transparent text-ink/40"}`}
              />
            </label>
          );
        })}
        <span className="ml-2 text-sm text-muted" aria-hidden="true">
          {value > 0 ? `${value} of ${MAX_STARS}` : "Choose 1-5 stars"}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
