import { Ban } from "~/ui/icons/ban";
import { useEffect, useId, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { InfoPageShell } from "~/ui/InfoPageShell";
import { EmailLink, TextLink } from "~/ui/links";
import { useShopContact } from "~/ui/shop-contact";
import { POLICY } from "~/policy/policy";
import type { ReturnRequestStep } from "./requests.server";
import { formatUkDate } from "./rules";
import { EMAIL_MAX, ORDER_NUMBER_MAX, RETURN_REASON_MAX } from "~/shared/limits";
import { ErrorSummary, fieldId } from "~/ui/forms";
import { Field, TextAreaField } from "~/ui/Field";

const BUTTON =
  "rounded bg-ink px-5 py-2.5 font-semibold text-paper hover:bg-ink-soft aria-disabled:cursor-wait aria-disabled:opacity-70";

/** "Find my order"'s id prefix: the error summary's links point at its fields (X-A11Y-2). */
const FIND_FORM = "return";
/** The second step's id prefix: its summary links to the first item and the reason. */
const CHOOSE_FORM = "return-choose";

function FindStep({ step }: { step: Extract<ReturnRequestStep, { step: "find" }> }) {
  const busy = useNavigation().state === "submitting";
  // The one form pattern (X-A11Y-2): the answer is a summary that takes the focus and names each
  // wrong field, each marked at the field; the browser's own bubbles are off (noValidate), so an
  // empty press gets the same summary; the button stays focusable while the order is looked up.
  const { orderNumber: order, email } = step.fieldErrors ?? {};
  const findErrors: Record<string, string> = {
    ...(order ? { order } : {}),
    ...(email ? { email } : {}),
  };
  return (
    <Form
      method="post"
      noValidate
      className="mt-8 grid gap-4 rounded-lg bg-white p-6 ring-1 ring-black/5 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="find" />
      {step.error ? (
        <div className="sm:col-span-3">
          <ErrorSummary
            form={FIND_FORM}
            message={step.error}
            errors={findErrors}
            fieldOrder={["order", "email"]}
            answer={step}
          />
        </div>
      ) : null}
      <Field
        id={fieldId(FIND_FORM, "order")}
        label="Order number"
        name="orderNumber"
        defaultValue={step.orderNumber}
        placeholder="GT-10001"
        required
        maxLength={ORDER_NUMBER_MAX}
        autoComplete="off"
        error={findErrors.order}
      />
      <Field
        id={fieldId(FIND_FORM, "email")}
        label="E-mail"
        name="email"
        type="email"
        defaultValue={step.email}
        required
        maxLength={EMAIL_MAX}
        autoComplete="email"
        error={findErrors.email}
      />
      <button type="submit" aria-disabled={busy || undefined} className={BUTTON}>
        Find my order
      </button>
    </Form>
  );
}

function ChooseStep({ step }: { step: Extract<ReturnRequestStep, { step: "choose" }> }) {
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const { view } = step;
  const tickable = view.lines.some((line) => !line.refusal);
  const errors = step.fieldErrors ?? {};
  // Found in place of the lookup: the focus moves to the order's heading (it would otherwise
  // stay on a button that is gone, WCAG 2.4.3); a refusal's summary takes it instead.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!step.error) heading.current?.focus();
  }, [step.error]);
  return (
    <Form
      method="post"
      noValidate
      className="mt-8 space-y-6 rounded-lg bg-white p-6 ring-1 ring-black/5"
    >
      <input type="hidden" name="intent" value="request" />
      <input type="hidden" name="orderNumber" value={view.orderNumber} />
      <input type="hidden" name="email" value={step.email} />
      <div>
        <h2 ref={heading} tabIndex={-1} className="font-display text-2xl font-bold uppercase">
          Order {view.orderNumber}
        </h2>
        <p className="mt-1 text-sm text-muted">
          You can send back unworn items until {formatUkDate(view.lastDay)} ({view.days} days after{" "}
          {view.countedFrom === "delivery"
            ? "delivery"
            : "dispatch plus the delivery time, as we have no delivery date"}
          ).
        </p>
      </div>
      {step.error ? (
        <ErrorSummary
          form={CHOOSE_FORM}
          message={step.error}
          errors={errors}
          fieldOrder={["lineId", "reason"]}
          answer={step}
        />
      ) : null}
      <fieldset
        aria-describedby={errors.lineId ? `${CHOOSE_FORM}-lineId-error` : undefined}
        className="min-w-0"
      >
        <legend className="mb-2 font-semibold">Items to send back</legend>
        {errors.lineId ? (
          <p id={`${CHOOSE_FORM}-lineId-error`} className="mb-2 text-sm font-semibold text-accent">
            {errors.lineId}
          </p>
        ) : null}
        <ul className="divide-y divide-stone rounded border border-stone">
          {view.lines.map((line, index) => {
            // The first box is the one the summary's link goes to.
            const inputId = index === 0 ? fieldId(CHOOSE_FORM, "lineId") : `${id}-${line.id}`;
            return (
              <li key={line.id} className="flex items-start gap-3 p-3">
                <input
                  id={inputId}
                  type="checkbox"
                  name="lineId"
                  value={line.id}
                  disabled={Boolean(line.refusal)}
                  aria-describedby={line.refusal ? `${inputId}-why` : undefined}
                  aria-invalid={errors.lineId ? true : undefined}
                  className="mt-1 size-5 shrink-0 accent-accent disabled:opacity-40"
                />
                <div className="min-w-0 flex-1">
                  {/* The details are in the box's name: two sizes of one product are told
                      apart (issue 56). */}
                  <label htmlFor={inputId} className="block">
                    <span className="font-semibold">
                      {line.quantity} × {line.productName}
                    </span>
                    {line.details ? (
                      <span className="block text-sm text-muted">{line.details}</span>
                    ) : null}
                  </label>
                  {line.refusal ? (
                    <p
                      id={`${inputId}-why`}
                      className="mt-1 flex items-start gap-1.5 text-sm font-semibold"
                    >
                      <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                      {line.refusal}
                    </p>
                  ) : null}
                  {line.exchangeSizes.length > 0 ? (
                    <div className="mt-2 flex flex-col gap-1">
                      <label htmlFor={`${inputId}-exchange`} className="text-sm font-semibold">
                        Refund or a different size
                      </label>
                      <select
                        id={`${inputId}-exchange`}
                        name={`exchange-${line.id}`}
                        defaultValue=""
                        className="min-h-11 w-full max-w-full min-w-0 rounded border border-stone bg-white px-2"
                      >
                        <option value="">A refund</option>
                        {line.exchangeSizes.map((choice) => (
                          <option key={choice.size} value={choice.size}>
                            Size {choice.size}
                            {choice.madeToOrder ? " (made to order)" : " (in stock)"}
                          </option>
                        ))}
                      </select>
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {tickable ? (
        <>
          <TextAreaField
            id={fieldId(CHOOSE_FORM, "reason")}
            label="Reason for returning"
            name="reason"
            required
            maxLength={RETURN_REASON_MAX}
            rows={3}
            error={errors.reason}
          />
          <button type="submit" aria-disabled={busy || undefined} className={BUTTON}>
            Send return request
          </button>
        </>
      ) : (
        <>
          <p>
            Nothing in this order can be sent back for a change of mind. If something is faulty,
            e-mail <EmailLink /> with your order number.
          </p>
        </>
      )}
      <p className="text-sm">
        <Link to="/returns/request" reloadDocument className="text-accent-dark underline">
          Look up a different order
        </Link>
      </p>
    </Form>
  );
}

function DoneStep({ step }: { step: Extract<ReturnRequestStep, { step: "done" }> }) {
  const seller = useShopContact();
  // In place of the form: the focus moves to what answered it (issue 56, WCAG 2.4.3); the
  // focus is its announcement, so nothing here is a live region as well (X-A11Y-7).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="return-done"
      className="mt-8 space-y-3 rounded-lg bg-white p-6 ring-1 ring-black/5"
    >
      <h2
        ref={heading}
        tabIndex={-1}
        id="return-done"
        className="font-display text-2xl font-bold uppercase"
      >
        Return requested
      </h2>
      <p>
        Your reference is <strong data-testid="return-reference">{step.reference}</strong> for order{" "}
        {step.orderNumber}. We have e-mailed you what to do next and where to send:
      </p>
      <ul className="list-disc pl-6">
        {step.lines.map((line, i) => (
          <li key={i}>
            {line.quantity} × {line.productName}
            {line.details ? ` (${line.details})` : ""}
          </li>
        ))}
      </ul>
      <address className="not-italic" data-testid="returns-address">
        {[seller.name, "Returns", ...seller.returnsAddress].map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
      </address>
      <p className="text-sm text-muted">
        Send them back within {step.days} days, unworn and in their original packaging. We refund
        within {POLICY.refundTime} of receiving them.
      </p>
    </section>
  );
}

/** The returns request page (X-UK-5): find the order, tick the lines and say why, done. */
export function ReturnRequestForm({ step }: { step: ReturnRequestStep }) {
  return (
    <InfoPageShell
      eyebrow="Support Hub"
      title="Request a return"
      lead={`Changed your mind? You can return non-personalised items: enter your order number and the e-mail address you ordered with, and we show you until when.`}
      prose={false}
    >
      {step.step === "find" ? <FindStep step={step} /> : null}
      {step.step === "choose" ? <ChooseStep step={step} /> : null}
      {step.step === "done" ? <DoneStep step={step} /> : null}
      <p className="mt-8 text-base text-ink-soft">
        Personalised items can&apos;t be returned unless faulty. Read our{" "}
        <TextLink to="/returns">returns policy</TextLink>, or e-mail <EmailLink /> instead.
      </p>
    </InfoPageShell>
  );
}
