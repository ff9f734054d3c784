import { clockFrom, settingsFrom } from "~/db/context.server";
import { Link, redirect } from "react-router";
import { addGiftCardByForm, type GiftCardFormFields } from "~/flows/checkout/cart-actions.server";
import { answerOf, pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import { BODY_LIMITS } from "~/shared/limits";
import {
  addDays,
  GIFT_CARD_AMOUNTS_PENCE,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_SEND_AHEAD_DAYS,
  shopDay,
} from "~/shared/gift-cards";
import { formatPenceShort } from "~/pricing/money";
import { InfoPageShell } from "~/ui/InfoPageShell";
import { Field, TextAreaField } from "~/ui/Field";
import { ErrorSummary, fieldErrorsOf, fieldId, RequiredNote, SubmitButton } from "~/ui/forms";
import type { Route } from "./+types/gift-cards";

export const meta = () =>
  pageMeta({
    title: "Gift cards",
    description: "A GRIP TRUTH gift card from £5 to £250, e-mailed on the day you choose.",
  });

export const headers = () => ({ "Cache-Control": "no-store" });

/** The first and last send dates the form offers, by the shop's day. */
export function loader({ context }: Route.LoaderArgs) {
  const today = shopDay(clockFrom(context).now());
  return { today, lastDay: addDays(today, GIFT_CARD_SEND_AHEAD_DAYS) };
}

/** POST /gift-cards: the card goes in the cart (X-GIFT-1); then the cart, as with kit. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.form },
    rateLimit: QUOTAS.cart,
    noStore: true,
  },
  async ({ db, request, body, context }) => {
    const outcome = await addGiftCardByForm(
      db,
      request,
      body,
      settingsFrom(context),
      clockFrom(context).now(),
    );
    if (outcome.ok) throw redirect("/cart", { status: 303, headers: answerOf(outcome).headers });
    return outcome;
  },
);

const FORM = "gift-card";
const ORDER = ["amount", "otherAmount", "recipientName", "recipientEmail", "message", "sendOn"];

export default function GiftCards({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as { error?: string; fields?: GiftCardFormFields } | undefined;
  const errors = fieldErrorsOf(answer);
  const kept = answer?.fields;
  const amount = kept?.amount ?? "25";
  return (
    <InfoPageShell
      eyebrow="Gifts"
      title="Gift cards"
      lead="A gift card for kit: from £5 to £250, e-mailed to them on the day you choose, to spend on anything in the shop."
    >
      <form
        method="post"
        noValidate
        className="not-prose mt-8 space-y-6 rounded-lg bg-white p-6 ring-1 ring-black/5"
      >
        <ErrorSummary
          form={FORM}
          message={answer?.error}
          errors={errors}
          fieldOrder={ORDER}
          answer={answer}
        />
        <RequiredNote />
        <fieldset
          aria-describedby={errors.amount ? fieldId(FORM, "amount-error") : undefined}
          className="space-y-2"
        >
          <legend className="font-semibold">Amount</legend>
          <div className="flex flex-wrap gap-2" id={fieldId(FORM, "amount")} tabIndex={-1}>
            {GIFT_CARD_AMOUNTS_PENCE.map((pence) => (
              <label
                key={pence}
                className="flex cursor-pointer items-center gap-2 rounded border border-ink/30 px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent/10"
              >
                <input
                  type="radio"
                  name="amount"
                  value={String(pence / 100)}
                  defaultChecked={amount === String(pence / 100)}
                />
                {formatPenceShort(pence)}
              </label>
            ))}
            <label className="flex cursor-pointer items-center gap-2 rounded border border-ink/30 px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent/10">
              <input type="radio" name="amount" value="other" defaultChecked={amount === "other"} />
              Another amount
            </label>
          </div>
          {errors.amount ? (
            <p id={fieldId(FORM, "amount-error")} className="text-sm font-semibold text-accent">
              {errors.amount}
            </p>
          ) : null}
          <Field
            id={fieldId(FORM, "otherAmount")}
            name="otherAmount"
            label="Another amount, in whole pounds (£5 to £250)"
            inputMode="numeric"
            defaultValue={kept?.otherAmount}
            error={errors.otherAmount}
            className="max-w-xs"
          />
        </fieldset>
        <Field
          id={fieldId(FORM, "recipientName")}
          name="recipientName"
          label="Their name"
          required
          maxLength={80}
          autoComplete="off"
          defaultValue={kept?.recipientName}
          error={errors.recipientName}
        />
        <Field
          id={fieldId(FORM, "recipientEmail")}
          name="recipientEmail"
          type="email"
          label="Their e-mail address"
          hint="We e-mail the card's code to this address on the send date."
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={kept?.recipientEmail}
          error={errors.recipientEmail}
        />
        <TextAreaField
          id={fieldId(FORM, "message")}
          name="message"
          label="Your message (optional)"
          hint={`Up to ${GIFT_CARD_MESSAGE_MAX} characters; no web addresses.`}
          rows={4}
          defaultValue={kept?.message}
          error={errors.message}
        />
        <Field
          id={fieldId(FORM, "sendOn")}
          name="sendOn"
          type="date"
          label="Send on"
          hint="Today, or any day up to a year ahead."
          min={loaderData.today}
          max={loaderData.lastDay}
          defaultValue={kept?.sendOn || loaderData.today}
          error={errors.sendOn}
          className="max-w-xs"
        />
        <p className="text-sm text-muted">
          The card&apos;s e-mail says the last day it can be used. Gift cards are sent by e-mail: no
          delivery charge. Discount codes, sales and team prices do not apply to them.
        </p>
        <SubmitButton busy={false} className="w-full px-6 py-3 sm:w-auto">
          Add gift card to cart
        </SubmitButton>
      </form>
      <p>
        Have a gift card?{" "}
        <Link to="/gift-cards/balance" className="underline underline-offset-4">
          Check its balance
        </Link>
        .
      </p>
    </InfoPageShell>
  );
}
