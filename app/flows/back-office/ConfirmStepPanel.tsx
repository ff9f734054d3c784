import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { REFUND_REASON_MAX } from "~/shared/limits";
import { formatPence, formatPenceDecimal } from "~/pricing/money";
import { CONFIRMED, type ConfirmStep } from "./confirm-step";

/**
 * The second step of a refund or a cancellation (X-DAY-1): says what will happen and does it only
 * from its own button. Server-rendered after the first post, so it works without JavaScript; with
 * it, the step appears in place and takes the focus.
 */
export function ConfirmStepPanel({
  step,
  orderNumber,
  busy,
  backTo = `/admin/orders/${orderNumber}`,
  hidden = {},
}: {
  step: ConfirmStep;
  orderNumber: string;
  busy: boolean;
  /** Where "Don't refund" / "Keep the order" go. */
  backTo?: string;
  /** More fields the second form carries (a return's id). */
  hidden?: Record<string, string>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [step]);
  const refunding = step.kind === "refund" ? step.amountPence : step.refundPence;
  const title =
    step.kind === "refund"
      ? `Refund ${formatPence(step.amountPence)}${step.returnReference ? ` for ${step.returnReference}` : ""}?`
      : refunding > 0
        ? `Cancel order ${orderNumber} and refund ${formatPence(refunding)}?`
        : `Cancel order ${orderNumber}?`;
  const doIt =
    step.kind === "refund"
      ? `Yes, refund ${formatPence(step.amountPence)}`
      : refunding > 0
        ? `Yes, cancel and refund ${formatPence(refunding)}`
        : "Yes, cancel the order";
  return (
    <section
      aria-labelledby="confirm-title"
      data-testid="confirm-step"
      className="rounded-lg bg-white p-4 ring-2 ring-accent sm:p-5"
    >
      <h2
        id="confirm-title"
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-bold uppercase focus:outline-none"
      >
        {title}
      </h2>
      <div className="mt-2 grid gap-1">
        {step.kind === "refund" ? (
          <>
            <p>
              {step.first === "card"
                ? "The money goes back to the customer's card payment first, and to the gift cards that paid only what the card payment cannot take; they get one e-mail."
                : step.first === "gift-cards"
                  ? "The money goes back to the gift cards that paid first, the rest to the customer's card payment; they get one e-mail."
                  : "The money goes back to the customer's card, and they are e-mailed."}
            </p>
            {step.reason ? (
              <p>
                <span className="font-semibold">Reason:</span> {step.reason}
              </p>
            ) : null}
          </>
        ) : (
          <p>
            Its stock goes back on the shelf
            {refunding > 0 ? ", the money goes back to the customer's card" : ""} and the customer
            is e-mailed.
          </p>
        )}
        <p className="font-semibold">This cannot be undone.</p>
      </div>
      <Form method="post" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="confirmed" value={CONFIRMED} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {step.kind === "refund" ? (
          <>
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="amount" value={formatPenceDecimal(step.amountPence)} />
            <input type="hidden" name="reason" value={step.reason ?? ""} />
            {step.first ? <input type="hidden" name="first" value={step.first} /> : null}
          </>
        ) : (
          <>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value="cancelled" />
            {refunding > 0 ? (
              <>
                <input type="hidden" name="refund" value="yes" />
                <Field
                  label="Reason for the refund (optional)"
                  name="reason"
                  autoComplete="off"
                  maxLength={REFUND_REASON_MAX}
                  hint="Kept in the history and told to the customer."
                  className="basis-full"
                />
              </>
            ) : null}
          </>
        )}
        <Button variant="danger" busy={busy}>
          {doIt}
        </Button>
        <ButtonLink to={backTo} replace>
          {step.kind === "refund" ? "Don't refund" : "Keep the order"}
        </ButtonLink>
      </Form>
    </section>
  );
}
