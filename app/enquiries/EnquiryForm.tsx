import { useRef, useState } from "react";
import { ErrorSummary } from "~/ui/forms";
import {
  checkEnquiry,
  ENQUIRY_LIMITS,
  enquiryFromForm,
  type EnquiryField,
  type FieldErrors,
  GARMENT_TYPES,
  QUANTITIES,
} from "./form";

/** What the no-JavaScript form post (the /customisation action) answers. */
export interface EnquiryActionData {
  ok?: boolean;
  error?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, unknown>;
}

const INPUT =
  "mt-1 block w-full rounded border border-ink/30 bg-white px-3 py-2.5 text-base text-ink aria-invalid:border-accent aria-invalid:ring-1 aria-invalid:ring-accent";
const LABEL = "block font-semibold text-ink";
const FIELD_ORDER: EnquiryField[] = [
  "name",
  "email",
  "academy",
  "garmentTypes",
  "quantity",
  "message",
];

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-accent-dark">
      {message}
    </p>
  );
}

/**
 * The customisation enquiry box (X-INFO-1). With JavaScript it checks the fields with the shared
 * schema and posts JSON to /api/enquiries; without, it is a plain form post to /customisation,
 * which runs the same checks on the server.
 */
export function EnquiryForm({ actionData }: { actionData?: EnquiryActionData }) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(actionData?.fieldErrors ?? {});
  const [error, setError] = useState<string | undefined>(
    actionData && !actionData.ok && !actionData.fieldErrors ? actionData.error : undefined,
  );
  const [sent, setSent] = useState(Boolean(actionData?.ok));
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const values = actionData?.values ?? {};
  const text = (name: string) => (typeof values[name] === "string" ? values[name] : undefined);
  const chosenTypes = Array.isArray(values.garmentTypes) ? values.garmentTypes : [];

  // Each refused try: the error summary takes the focus again (X-A11Y-2).
  const [tries, setTries] = useState(0);

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const input = enquiryFromForm(new FormData(form));
    const check = checkEnquiry(input);
    setError(undefined);
    if (!check.ok) {
      setFieldErrors(check.fieldErrors);
      setTries((n) => n + 1);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const response = await fetch("/api/enquiries", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      if (response.status === 201) {
        form.reset();
        setSent(true);
        return;
      }
      const json = (await response.json().catch(() => ({}))) as {
        error?: string;
        fieldErrors?: FieldErrors;
      };
      if (json.fieldErrors) {
        setFieldErrors(json.fieldErrors);
        setTries((n) => n + 1);
      }
      setError(json.error ?? "Your enquiry could not be sent. Please try again.");
      setTries((n) => n + 1);
    } catch {
      setError("Your enquiry could not be sent. Check your connection and try again.");
      setTries((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const described = (field: EnquiryField, hint?: string) =>
    [hint, fieldErrors[field] ? `enquiry-${field}-error` : undefined].filter(Boolean).join(" ") ||
    undefined;
  const invalid = (field: EnquiryField) => (fieldErrors[field] ? true : undefined);

  return (
    <section
      id="enquiry"
      aria-labelledby="enquiry-title"
      className="mt-12 scroll-mt-28 rounded-lg bg-white p-6 ring-1 ring-black/10 sm:p-8"
    >
      <h2
        id="enquiry-title"
        className="font-display text-2xl leading-tight font-bold tracking-wide text-ink uppercase sm:text-3xl"
      >
        Enquiry form
      </h2>
      <div role="status" className="empty:hidden">
        {sent ? (
          // Sent: the thanks takes the focus, like any save's message (X-A11Y-3).
          <div
            tabIndex={-1}
            autoFocus
            className="mt-4 scroll-mt-24 rounded-md border-l-4 border-success bg-success/10 p-4 text-ink"
          >
            <p className="font-semibold">Thank you: your enquiry has been sent.</p>
            <p className="mt-1">
              We answer every enquiry within 24-48 hours, by e-mail to the address you gave.
            </p>
          </div>
        ) : null}
      </div>
      {sent ? (
        <button
          type="button"
          onClick={() => setSent(false)}
          className="mt-4 font-semibold text-accent underline underline-offset-4"
        >
          Send another enquiry
        </button>
      ) : (
        <form
          ref={formRef}
          method="post"
          // No #fragment: a page that arrives with one skips autofocus, and the answer's summary
          // or thanks takes the focus (and scrolls into view) itself (X-A11Y-2).
          action="/customisation"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 grid gap-5 sm:grid-cols-2"
        >
          <p className="text-muted sm:col-span-2">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">required</span> are required.
          </p>
          {/* The one form pattern (X-A11Y-2): what is wrong, at the top, with the focus; each
              line links to its field (ids enquiry-<field>). */}
          {error || Object.keys(fieldErrors).length ? (
            <div className="sm:col-span-2">
              <ErrorSummary
                form="enquiry"
                message={error}
                errors={fieldErrors}
                fieldOrder={FIELD_ORDER}
                answer={`${tries}`}
              />
            </div>
          ) : null}
          <div>
            <label htmlFor="enquiry-name" className={LABEL}>
              Your name <span aria-hidden="true">*</span>
            </label>
            <input
              id="enquiry-name"
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={ENQUIRY_LIMITS.name}
              defaultValue={text("name")}
              aria-invalid={invalid("name")}
              aria-describedby={described("name")}
              className={INPUT}
            />
            <FieldError id="enquiry-name-error" message={fieldErrors.name} />
          </div>
          <div>
            <label htmlFor="enquiry-email" className={LABEL}>
              E-mail <span aria-hidden="true">*</span>
            </label>
            <input
              id="enquiry-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={ENQUIRY_LIMITS.email}
              defaultValue={text("email")}
              aria-invalid={invalid("email")}
              aria-describedby={described("email")}
              className={INPUT}
            />
            <FieldError id="enquiry-email-error" message={fieldErrors.email} />
          </div>
          <div>
            <label htmlFor="enquiry-academy" className={LABEL}>
              Academy or team
            </label>
            <input
              id="enquiry-academy"
              name="academy"
              type="text"
              autoComplete="organization"
              maxLength={ENQUIRY_LIMITS.academy}
              defaultValue={text("academy")}
              aria-invalid={invalid("academy")}
              aria-describedby={described("academy")}
              className={INPUT}
            />
            <FieldError id="enquiry-academy-error" message={fieldErrors.academy} />
          </div>
          <div>
            <label htmlFor="enquiry-quantity" className={LABEL}>
              Rough quantity
            </label>
            <select
              id="enquiry-quantity"
              name="quantity"
              defaultValue={text("quantity") ?? ""}
              aria-invalid={invalid("quantity")}
              aria-describedby={described("quantity")}
              className={INPUT}
            >
              <option value="">Choose…</option>
              {QUANTITIES.map((q) => (
                <option key={q} value={q}>
                  {q === "Not sure yet" ? q : `${q} pieces`}
                </option>
              ))}
            </select>
            <FieldError id="enquiry-quantity-error" message={fieldErrors.quantity} />
          </div>
          <fieldset
            className="sm:col-span-2"
            aria-describedby={fieldErrors.garmentTypes ? "enquiry-garmentTypes-error" : undefined}
          >
            <legend className={LABEL}>Garments you have in mind</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {GARMENT_TYPES.map((type, index) => (
                <label
                  key={type}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded border border-ink/20 px-3 py-2 has-checked:border-ink has-checked:bg-stone"
                >
                  <input
                    type="checkbox"
                    name="garmentTypes"
                    id={index === 0 ? "enquiry-garmentTypes" : undefined}
                    value={type}
                    defaultChecked={chosenTypes.includes(type)}
                    className="size-5 shrink-0 accent-accent"
                  />
                  {type}
                </label>
              ))}
            </div>
            <FieldError id="enquiry-garmentTypes-error" message={fieldErrors.garmentTypes} />
          </fieldset>
          <div className="sm:col-span-2">
            <label htmlFor="enquiry-message" className={LABEL}>
              Message <span aria-hidden="true">*</span>
            </label>
            <p id="enquiry-message-hint" className="text-sm text-muted">
              Colours, logo, sizes, any date you are working to.
            </p>
            <textarea
              id="enquiry-message"
              name="message"
              required
              rows={5}
              maxLength={ENQUIRY_LIMITS.message}
              defaultValue={text("message")}
              aria-invalid={invalid("message")}
              aria-describedby={described("message", "enquiry-message-hint")}
              className={INPUT}
            />
            <FieldError id="enquiry-message-error" message={fieldErrors.message} />
          </div>
          {/* Honeypot: off-screen and skipped by keyboard and screen readers; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="enquiry-website">Website</label>
            <input
              id="enquiry-website"
              name="website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              // Focusable while it sends (aria-disabled, not disabled: X-A11Y-2).
              aria-disabled={busy || undefined}
              className="inline-flex min-h-12 items-center justify-center rounded-md bg-accent px-8 py-3 font-display text-lg font-medium tracking-wider text-white uppercase hover:bg-accent-dark aria-disabled:opacity-70"
            >
              {busy ? "Sending…" : "Send enquiry"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
