import { Star } from "lucide-react";
import { useId } from "react";
import { MAX_STARS } from "../rating";

/** Star rating 1-5 as native radios: Tab reaches it, arrow keys choose (S-REV-4). */
export function RatingInput({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset disabled={disabled}>
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
                type="radio"
                name={name}
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
    </fieldset>
  );
}
