import { useState } from "react";
import { Field } from "~/ui/Field";
import { ErrorSummary, type FieldErrors, SubmitButton } from "~/ui/forms";
import { FIT_MEASURES, type FitAnswer, type FitMeasure, MEASURE_WORDS, readMeasures } from "../fit";
import type { Product } from "../types";

/** What the no-JavaScript form sent back and the server answered (the product page's action). */
export interface SizeFinderSent {
  optionType?: string;
  fields?: Record<string, string>;
  answer?: FitAnswer;
  error?: string;
  /** Each wrong measure's own message (issue 56, X-A11Y-2). */
  fieldErrors?: Record<string, string>;
}

const inline = "w-24";

/**
 * "Find my size" (X-FIT-1, issue 37): a real form posted to the product page, which answers with
 * the size chosen on the option picker; with JavaScript it asks `GET /api/size-finder` and chooses
 * the size in place. Shown for a product whose options have size charts; it asks for what those
 * charts are indexed by (height and weight, chest and waist, age and height).
 */
export function SizeFinder({
  product,
  charts,
  optionType,
  sent,
  onFound,
}: {
  product: Product;
  /** The measures each option's chart is indexed by, by option type (the ranges stay on the server). */
  charts: Record<string, readonly FitMeasure[]>;
  /** The option chosen on the picker: what the finder sizes when it has a chart. */
  optionType: string;
  sent?: SizeFinderSent;
  onFound: (optionType: string, size: string) => void;
}) {
  const charted = product.options.filter((o) => charts[o.type]);
  const [answer, setAnswer] = useState<FitAnswer | undefined>(sent?.answer);
  // The one error pattern (issue 56): a summary that takes the focus, each measure marked.
  const [refusal, setRefusal] = useState<{ error: string; fieldErrors: FieldErrors } | undefined>(
    sent?.error ? { error: sent.error, fieldErrors: sent.fieldErrors ?? {} } : undefined,
  );
  const [busy, setBusy] = useState(false);
  if (charted.length === 0) return null;
  const sizing = charted.find((o) => o.type === optionType) ?? charted[0]!;
  // Every measure any charted option needs: without JavaScript the option can be changed after.
  const measures = FIT_MEASURES.filter((m) => charted.some((o) => charts[o.type]!.includes(m)));
  const value = (name: string) => sent?.fields?.[name] ?? "";
  const id = `${product.id}-fit`;

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const chosen = String(form.get("optionType") ?? sizing.type);
    const query = new URLSearchParams({ productId: product.id, optionType: chosen });
    const measured = readMeasures((name) => {
      const entry = form.get(name);
      return typeof entry === "string" ? entry : null;
    });
    for (const [name, figure] of Object.entries(measured)) query.set(name, String(figure));
    setBusy(true);
    try {
      const response = await fetch(`/api/size-finder?${query}`);
      const body = (await response.json()) as FitAnswer & {
        error?: string;
        fieldErrors?: FieldErrors;
      };
      if (!response.ok) {
        setAnswer(undefined);
        setRefusal({
          error: body.error ?? "The size finder could not answer; please try again.",
          fieldErrors: body.fieldErrors ?? {},
        });
        return;
      }
      setRefusal(undefined);
      setAnswer(body);
      onFound(chosen, body.size);
    } catch {
      setRefusal({
        error: "The size finder could not be reached; please try again.",
        fieldErrors: {},
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <details
      className="rounded border border-ink/20 bg-white/60 px-4 py-3"
      open={Boolean(sent?.answer || sent?.error) || undefined}
    >
      <summary className="min-h-11 cursor-pointer content-center font-semibold">
        Find my size
      </summary>
      <form
        method="post"
        action={`/product/${product.id}`}
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby={`${id}-title`}
        className="mt-2 flex flex-col gap-3"
      >
        <p id={`${id}-title`} className="text-sm text-muted">
          Tell us your measurements and we'll pick the size from this product's own chart.
        </p>
        {refusal ? (
          <ErrorSummary
            form={id}
            message={refusal.error}
            errors={refusal.fieldErrors}
            fieldOrder={measures}
            answer={refusal}
          />
        ) : null}
        <input type="hidden" name="intent" value="size-finder" />
        {charted.length > 1 ? (
          <label className="flex flex-col gap-1 text-sm font-semibold">
            Size me for
            <select
              name="optionType"
              defaultValue={sent?.optionType ?? sizing.type}
              className="rounded border border-ink/30 bg-white px-3 py-2 text-base font-normal"
            >
              {charted.map((o) => (
                <option key={o.type}>{o.type}</option>
              ))}
            </select>
          </label>
        ) : (
          <input type="hidden" name="optionType" value={sizing.type} />
        )}
        <div className="flex flex-wrap gap-x-4 gap-y-3">
          {measures.map((measure) => (
            <MeasureFields
              key={measure}
              measure={measure}
              id={id}
              value={value}
              error={refusal?.fieldErrors[measure]}
            />
          ))}
        </div>
        <SubmitButton busy={busy} className="self-start">
          Find my size
        </SubmitButton>
        {/* The answer's one live line; a refusal is the summary above, said by its focus. */}
        <div aria-live="polite" role="status">
          {answer ? (
            <p>
              <strong>Your size: {answer.size}.</strong> {answer.note}
            </p>
          ) : null}
        </div>
      </form>
    </details>
  );
}

function MeasureFields({
  measure,
  id,
  value,
  error,
}: {
  measure: FitMeasure;
  id: string;
  value: (name: string) => string;
  error?: string;
}) {
  const { label, unit } = MEASURE_WORDS[measure];
  const metric = (
    <Field
      label={`${label} (${unit})`}
      name={measure}
      id={`${id}-${measure}`}
      type="text"
      inputMode="decimal"
      defaultValue={value(measure)}
      error={error}
      className="w-32"
    />
  );
  if (measure !== "heightCm" && measure !== "weightKg") return metric;
  const [big, small] =
    measure === "heightCm"
      ? [
          ["heightFt", "feet"],
          ["heightIn", "inches"],
        ]
      : [
          ["weightSt", "stone"],
          ["weightLb", "pounds"],
        ];
  return (
    <fieldset className="flex flex-wrap items-end gap-2">
      <legend className="sr-only">{label}</legend>
      {metric}
      {/* Issue 53: "or", feet and inches (stone and pounds) stay together on one line: at 390 px
          the pair wraps below the metric box as one, never inches away from feet. */}
      <span className="flex flex-nowrap items-end gap-2">
        <span className="pb-2 text-sm text-muted">or</span>
        <Field
          label={big![1]!}
          name={big![0]!}
          id={`${id}-${big![0]}`}
          type="text"
          inputMode="decimal"
          defaultValue={value(big![0]!)}
          className={inline}
        />
        <Field
          label={small![1]!}
          name={small![0]!}
          id={`${id}-${small![0]}`}
          type="text"
          inputMode="decimal"
          defaultValue={value(small![0]!)}
          className={inline}
        />
      </span>
    </fieldset>
  );
}
