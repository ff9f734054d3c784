import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { EMAIL_MAX } from "~/shared/limits";
import { Button } from "~/ui/Button";
import { ErrorSummary, fieldErrorsOf, errorOf } from "~/ui/forms";
import { type StockLevels, variantKey } from "./stock";

/**
 * "E-mail me when it's back" (X-FIT-3, issue 37): a plain form posted to /stock-alerts, shown
 * when the chosen option has sold-out sizes; the buyer picks which (and colour) and gives an
 * e-mail address, and is e-mailed a confirm link. It needs no JavaScript (the answer is then the
 * /stock-alerts page); with it, the answer comes in place (issue 56): a refusal in the shop's
 * error summary, focused, with the e-mail marked at its field; a success in a message that takes
 * the focus. The page is never left.
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
  const fetcher = useFetcher<{ message?: string; error?: string }>();
  const done = useRef<HTMLParagraphElement>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (answer?.message) done.current?.focus();
  }, [answer]);
  if (soldOut.length === 0) return null;
  const id = `${productId}-back-in-stock`;
  const errors = fieldErrorsOf(answer);
  const emailError = errors.email;
  return (
    <details className="rounded border border-ink/20 bg-white/60 px-4 py-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        Sold out in your size? E-mail me when it's back
      </summary>
      <fetcher.Form
        method="post"
        action="/stock-alerts"
        noValidate
        className="mt-2 flex flex-col gap-3"
      >
        {answer?.error ? (
          <ErrorSummary form={id} message={errorOf(answer)} errors={errors} answer={answer} />
        ) : null}
        {answer?.message ? (
          <p ref={done} tabIndex={-1} className="font-semibold text-success">
            {answer.message}
          </p>
        ) : null}
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
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className="rounded border border-ink/30 bg-white px-3 py-2 text-base font-normal aria-[invalid=true]:border-accent"
          />
          {emailError ? (
            <p id={`${id}-email-error`} className="text-sm font-semibold text-accent">
              {emailError}
            </p>
          ) : null}
        </div>
        <p className="text-sm text-muted">
          We'll send a link to confirm, then one e-mail when it's back. Nothing is kept unless you
          confirm.
        </p>
        <Button busy={fetcher.state !== "idle"} className="self-start">
          E-mail me when it's back
        </Button>
      </fetcher.Form>
    </details>
  );
}
