import { EMAIL_MAX } from "~/shared/limits";
import { type StockLevels, variantKey } from "./stock";

/**
 * "E-mail me when it's back" (X-FIT-3, issue 37): a plain form posted to /stock-alerts, shown
 * when the chosen option has sold-out sizes; the buyer picks which (and colour) and gives an
 * e-mail address, and is e-mailed a confirm link. It needs no JavaScript, with or without it.
 */
export function BackInStockForm({
  productId,
  optionType,
  sizes,
  colors,
  stock,
}: {
  productId: string;
  optionType: string;
  sizes: readonly string[];
  colors?: readonly string[];
  stock: StockLevels;
}) {
  const soldOut = sizes.flatMap((size) =>
    (colors ?? [""]).flatMap((color) =>
      stock[variantKey({ productId, optionType, size, color })] === 0 ? [{ size, color }] : [],
    ),
  );
  if (soldOut.length === 0) return null;
  const id = `${productId}-back-in-stock`;
  return (
    <details className="rounded border border-ink/20 bg-white/60 px-4 py-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        Sold out in your size? E-mail me when it's back
      </summary>
      <form method="post" action="/stock-alerts" className="mt-2 flex flex-col gap-3">
        <input type="hidden" name="productId" value={productId} />
        <input type="hidden" name="optionType" value={optionType} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-variant`} className="text-sm font-semibold">
            Size
          </label>
          <select
            id={`${id}-variant`}
            name="variant"
            className="rounded border border-ink/30 bg-white px-3 py-2 text-base font-normal"
          >
            {soldOut.map(({ size, color }) => (
              <option key={`${size}|${color}`} value={`${size}|${color}`}>
                {color ? `${size}, ${color}` : size}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-email`} className="text-sm font-semibold">
            Your e-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            required
            maxLength={EMAIL_MAX}
            autoComplete="email"
            className="rounded border border-ink/30 bg-white px-3 py-2 text-base font-normal"
          />
        </div>
        <p className="text-sm text-muted">
          We'll send a link to confirm, then one e-mail when it's back. Nothing is kept unless you
          confirm.
        </p>
        <button
          type="submit"
          className="min-h-11 self-start rounded bg-ink px-5 py-2 font-semibold text-paper hover:bg-ink-soft"
        >
          E-mail me when it's back
        </button>
      </form>
    </details>
  );
}
