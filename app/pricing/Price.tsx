import { formatPence, type Pence } from "./money";

/** A price, with the struck-through original beside it when the item is on sale; "From" when
 *  the item's options cost different amounts (X-CAT-1). */
export function Price({
  pence,
  wasPence,
  from = false,
  className = "",
  size = "base",
}: {
  pence: Pence;
  wasPence?: Pence;
  from?: boolean;
  className?: string;
  size?: "base" | "large";
}) {
  const big = size === "large";
  return (
    <p className={`flex items-baseline gap-2 ${className}`}>
      <span
        className={`font-bold ${big ? "text-3xl" : "text-lg"} ${wasPence ? "text-accent" : "text-ink"}`}
      >
        {wasPence ? <span className="sr-only">Now </span> : null}
        {from ? <span className="text-[0.6em] font-semibold uppercase">From </span> : null}
        {formatPence(pence)}
      </span>
      {wasPence ? (
        <s className={`text-muted ${big ? "text-lg" : "text-sm"}`}>
          <span className="sr-only">was </span>
          {formatPence(wasPence)}
        </s>
      ) : null}
    </p>
  );
}
