import { clockFrom } from "~/db/context.server";
import { Form, Link, useNavigation } from "react-router";
import { checkGiftCardBalance } from "~/giftcards/cards.server";
import { dayInWords } from "~/giftcards/email";
import { formatPence } from "~/pricing/money";
import { pageEndpoint } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { pageMeta } from "~/seo/meta";
import { shopDay } from "~/shared/gift-cards";
import { BODY_LIMITS } from "~/shared/limits";
import { Field } from "~/ui/Field";
import { ErrorSummary, fieldId, SubmitButton } from "~/ui/forms";
import { InfoPageShell } from "~/ui/InfoPageShell";

export const meta = () =>
  pageMeta({
    title: "Gift card balance",
    description: "Check what is left on a GRIP TRUTH gift card.",
  });

export const headers = () => ({ "Cache-Control": "no-store" });

/** The check is a POST (X-GIFT-4): the code never appears in a URL; rate-limited per address. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.short },
    rateLimit: QUOTAS.giftCardCheck,
    noStore: true,
  },
  ({ db, body, context }) =>
    checkGiftCardBalance(db, body.get("code"), shopDay(clockFrom(context).now())),
);

const FORM = "balance";

export default function GiftCardBalance({
  actionData,
}: {
  actionData?: { error?: string; balance_pence?: number; expires_on?: string };
}) {
  const navigation = useNavigation();
  const answer = actionData;
  const error = answer?.error;
  return (
    <InfoPageShell eyebrow="Gift cards" title="Gift card balance">
      <Form
        method="post"
        noValidate
        className="not-prose mt-8 space-y-4 rounded-lg bg-white p-6 ring-1 ring-black/5"
      >
        <ErrorSummary
          form={FORM}
          message={error}
          errors={error ? { code: error } : {}}
          answer={answer}
        />
        <Field
          id={fieldId(FORM, "code")}
          name="code"
          label="Gift card code"
          hint="16 letters and numbers, like XXXX-XXXX-XXXX-XXXX."
          required
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          error={error}
          className="max-w-sm"
        />
        <SubmitButton busy={navigation.state === "submitting"} className="px-6 py-3">
          Check balance
        </SubmitButton>
      </Form>
      <div aria-live="polite">
        {answer?.balance_pence !== undefined ? (
          <section
            aria-labelledby="balance-title"
            className="mt-6 rounded-lg bg-white p-6 ring-1 ring-black/5"
          >
            <h2 id="balance-title" className="!mt-0">
              Balance:{" "}
              <span data-testid="gift-card-balance">{formatPence(answer.balance_pence)}</span>
            </h2>
            <p>
              It can be used until{" "}
              <strong data-testid="gift-card-expiry">{dayInWords(answer.expires_on!)}</strong>, and
              not after.
            </p>
          </section>
        ) : null}
      </div>
      <p>
        <Link to="/gift-cards" className="underline underline-offset-4">
          Buy a gift card
        </Link>
      </p>
    </InfoPageShell>
  );
}
