import { type ButtonHTMLAttributes, type MouseEvent, useEffect, useRef } from "react";
import { Button, type ButtonVariant } from "./Button";

/**
 * The shop's one form pattern (X-A11Y-2; GOV.UK's error summary is the model). A form's answer
 * names its wrong fields (`fieldErrors`: field name → a sentence); the page renders, with or
 * without JavaScript:
 * - an ErrorSummary at the top of the form that takes the focus and links to each field;
 * - each field `aria-invalid`, with its own message tied by `aria-describedby` (ui/Field.tsx);
 * - a SubmitButton that stays focusable while the form is sent (`aria-disabled`, not `disabled`,
 *   so the focus never drops to the page's body).
 */
export type FieldErrors = Record<string, string>;

/** A field's id in a form: the summary's links point at it. */
export const fieldId = (form: string, field: string) => `${form}-${field}`;

/** The fieldErrors of a form's answer, whatever its shape (`{ error, fieldErrors }`). */
export function fieldErrorsOf(answer: unknown): FieldErrors {
  if (!answer || typeof answer !== "object" || !("fieldErrors" in answer)) return {};
  const errors = (answer as { fieldErrors: unknown }).fieldErrors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    ),
  );
}

/** The sentence of a form's answer (`{ error }`), if it is a refusal. */
export function errorOf(answer: unknown): string | undefined {
  if (!answer || typeof answer !== "object" || !("error" in answer)) return undefined;
  const error = (answer as { error: unknown }).error;
  return typeof error === "string" && error ? error : undefined;
}

/** A refusal on a page with several forms: which form it answers, its sentence, each wrong
 *  field's sentence and what was typed. */
export interface FormAnswer {
  form: string;
  error: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
}

/** The page's refusal when it answers this form (its `form` is this one's name), else undefined. */
export function answerForForm<A extends FormAnswer = FormAnswer>(
  actionData: unknown,
  form: string,
): A | undefined {
  return actionData &&
    typeof actionData === "object" &&
    "form" in actionData &&
    actionData.form === form &&
    errorOf(actionData)
    ? (actionData as A)
    : undefined;
}

/**
 * The box at the top of a form that lists what is wrong. It takes the focus when it appears or
 * its answer changes (and, without JavaScript, through `autofocus` on the page the post returned),
 * so the keyboard and the screen reader start from it; each line is a link to its field. Focus is
 * its announcement: it is not a live region as well (X-A11Y-7).
 */
export function ErrorSummary({
  form,
  message,
  errors,
  fieldOrder,
  answer,
  title = "There is a problem",
}: {
  /** The form's id prefix (fieldId). */
  form: string;
  /** The answer's sentence; shown first when it is not one of the field messages. */
  message?: string;
  errors: FieldErrors;
  /** The fields in the order they appear on the page (the summary lists them so). */
  fieldOrder?: readonly string[];
  /** The answer these came from (action data): each new answer takes the focus again, a
   *  re-render of the same one (a busy button) does not. */
  answer?: unknown;
  title?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const fields = Object.keys(errors).sort(
    (a, b) => orderOf(fieldOrder, a) - orderOf(fieldOrder, b),
  );
  const shown = Boolean(message) || fields.length > 0;
  const said = answer ?? `${message ?? ""}|${Object.values(errors).join("|")}`;
  useEffect(() => {
    if (shown) box.current?.focus();
  }, [shown, said]);
  if (!shown) return null;
  const messages = new Set(Object.values(errors));
  const jump = (event: MouseEvent<HTMLAnchorElement>, field: string) => {
    const target = document.getElementById(fieldId(form, field));
    if (!target) return;
    event.preventDefault();
    target.focus();
    (target.closest("div") ?? target).scrollIntoView?.({ block: "center" });
  };
  return (
    <div
      ref={box}
      tabIndex={-1}
      autoFocus
      aria-labelledby={`${form}-summary-title`}
      data-testid="error-summary"
      className="scroll-mt-24 rounded-lg border-4 border-accent bg-white p-4 text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ink"
    >
      <h2 id={`${form}-summary-title`} className="font-display text-xl font-bold uppercase">
        {title}
      </h2>
      {message && !messages.has(message) ? <p className="mt-2 font-semibold">{message}</p> : null}
      {fields.length ? (
        <ul className="mt-2 list-none space-y-1">
          {fields.map((field) => (
            <li key={field}>
              <a
                href={`#${fieldId(form, field)}`}
                onClick={(event) => jump(event, field)}
                className="font-semibold text-accent underline underline-offset-4 hover:text-accent-dark"
              >
                {errors[field]}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function orderOf(order: readonly string[] | undefined, field: string) {
  const at = order?.indexOf(field) ?? -1;
  return at === -1 ? Number.MAX_SAFE_INTEGER : at;
}

/** Said once above a form whose required fields carry the marker. */
export function RequiredNote() {
  return (
    <p className="text-sm text-muted">
      Fields marked <RequiredMark /> are required.
    </p>
  );
}

/** The visible marker of a required field (the control's `required` says it to assistive tech). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="font-bold text-accent">
      *
    </span>
  );
}

/**
 * A submit button that stays focusable while its form is sent: the shared Button with `busy`
 * (`aria-disabled` and a second press ignored, rather than `disabled`, which drops the focus to
 * the body, WCAG 2.4.3).
 */
export function SubmitButton({
  busy,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled"> & {
  busy: boolean;
  variant?: ButtonVariant;
}) {
  return <Button type="submit" busy={busy} {...rest} />;
}
