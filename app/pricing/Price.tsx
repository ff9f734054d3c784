import { formatPence, type Pence } from "./money";

/** A price, with the struck-through original beside it when the item is on sale. */
export function Price({
  pence,
  wasPence,
  className = "",
  size = "base",
}: {
  pence: Pence;
  wasPence?: Pence;
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
