import { Form, Link } from "react-router";
import { requireOwner } from "~/owners/guard.server";
import { clockFrom, settingsFrom } from "~/db/context.server";
import { checkEnvironmentKey, saveStripeKeys, stripeKeysState } from "~/payments/keys.server";
import { paymentsFrom } from "~/payments/provider.server";
import { canonicalOrigin, savedPublicUrl, savePublicAddress } from "~/security/origin.server";
import { refuse, pageEndpoint, success } from "~/security/edge.server";
import { serviceSettingsFrom } from "~/security/service-settings.server";
import { ActionOutcome } from "~/ui/ActionOutcome";
import { Button } from "~/ui/Button";
import { Field } from "~/ui/Field";
import { BODY_LIMITS } from "~/shared/limits";
import type { Route } from "./+types/admin.payments";

export const meta = () => [{ title: "Payments and address | GRIP TRUTH back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, "page", context);
  const settings = settingsFrom(context);
  const services = serviceSettingsFrom(context);
  const saved = savedPublicUrl(services) ?? null;
  const payments = paymentsFrom(context);
  return {
    stripe: stripeKeysState(settings, services),
    provider: payments.provider.name,
    testShop: payments.testShop,
    publicUrl: {
      // The environment's PUBLIC_URL wins over the saved address.
      environment:
        settings.PUBLIC_URL && settings.PUBLIC_URL !== saved ? settings.PUBLIC_URL : null,
      saved,
    },
    webhookAddress: `${canonicalOrigin(settings, request)}/api/webhooks/stripe`,
  };
}

/** Stripe's keys, a check of the environment's key, or the public address (X-OWN-3). */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    owner: "page",
    body: { kind: "form", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({ body, owner, context }) => {
    const values: Record<string, string> = {};
    for (const [key, value] of body.entries()) values[key] = String(value);
    const services = serviceSettingsFrom(context);
    const settings = settingsFrom(context);
    const now = clockFrom(context).now();
    const answer =
      values.intent === "stripe-keys"
        ? await saveStripeKeys(settings, services, values, owner!.email, now)
        : values.intent === "stripe-check-environment"
          ? await checkEnvironmentKey(settings, services, now)
          : values.intent === "public-address"
            ? await savePublicAddress(services, values.publicUrl ?? "", owner!.email)
            : undefined;
    if (!answer) return refuse(400, "This form is not one of the page's.");
    if (answer.ok) return success({ message: answer.data.message });
    // Never the typed keys back into the page: only which field was wrong.
    const shown = Object.fromEntries(
      Object.entries(values).filter(
        ([key]) => key !== "stripeSecretKey" && key !== "stripeWebhookSecret",
      ),
    );
    return refuse(answer.kind === "provider_failed" ? 502 : 400, answer.message, {
      extra: { ...answer.extra, values: shown },
    });
  },
);

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/London",
  });

/** /admin/payments (X-OWN-3): Stripe's keys, the webhook address to paste, the public address. */
export default function AdminPayments({ loaderData, actionData }: Route.ComponentProps) {
  const { stripe, provider, testShop, publicUrl, webhookAddress } = loaderData;
  const refused =
    actionData && typeof actionData === "object" && "error" in actionData
      ? (actionData as { error: string; field?: string; values?: Record<string, string> })
      : null;
  const errorFor = (name: string) => (refused?.field === name ? refused.error : undefined);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <h1 className="font-display text-3xl font-bold uppercase">Payments and address</h1>
      <ActionOutcome outcome={actionData} focus />
      <p data-testid="payments-now" className="font-semibold">
        {provider === "sandbox"
          ? "Payments now: the sandbox. Only Stripe's test card numbers are accepted and no card is charged; every shop page says “Test shop: no card is charged”."
          : testShop
            ? "Payments now: Stripe, with a test key. No card is charged; every shop page says “Test shop: no card is charged” until a live key is saved."
            : "Payments now: Stripe, with a live key. Cards are charged."}
      </p>

      <section
        id="stripe"
        aria-labelledby="stripe-title"
        className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="stripe-title" className="font-display text-xl font-bold uppercase">
          Stripe
        </h2>
        {stripe.source === "environment" ? (
          <>
            <p>
              The keys are set by <code>STRIPE_SECRET_KEY</code> and{" "}
              <code>STRIPE_WEBHOOK_SECRET</code> where the shop is started (a {stripe.mode} key
              ending <strong>…{stripe.secretLast4}</strong>). They win over keys saved here while
              they are there.
            </p>
            <p>
              {stripe.checked
                ? `Stripe accepted this key on ${when(stripe.checked.at)}.`
                : "This key has not been checked with Stripe from here yet."}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="stripe-check-environment" />
              <Button variant="secondary">Check the key with Stripe</Button>
            </Form>
          </>
        ) : (
          <>
            {stripe.source === "saved" ? (
              <p data-testid="stripe-saved">
                Saved: a <strong>{stripe.mode}</strong> secret key ending{" "}
                <strong>…{stripe.secretLast4}</strong> and a webhook signing secret ending{" "}
                <strong>…{stripe.webhookLast4}</strong>
                {stripe.checked ? `, accepted by Stripe on ${when(stripe.checked.at)}` : ""}.
              </p>
            ) : (
              <p>
                No Stripe keys yet. In Stripe&apos;s dashboard: Developers, API keys for the secret
                key; Developers, Webhooks, &ldquo;Add endpoint&rdquo; with the address below for the
                signing secret. Start with the test keys (sk_test_…), place an order, then save the
                live ones (sk_live_…).
              </p>
            )}
            {stripe.unreadable ? (
              <p role="alert" className="rounded-md bg-red-50 p-3 font-semibold text-red-800">
                Keys were saved with another machine&apos;s key (SECRETS_KEY or
                DATA_DIR/secrets.key) and cannot be read here: paste both again.
              </p>
            ) : null}
            <Form method="post" className="space-y-4" noValidate>
              <input type="hidden" name="intent" value="stripe-keys" />
              <Field
                label="Secret key"
                name="stripeSecretKey"
                type="password"
                defaultValue=""
                autoComplete="off"
                hint={
                  stripe.source === "saved"
                    ? "Set. Paste a new one to replace it (checked with Stripe before it is saved); empty keeps it."
                    : "sk_test_… or sk_live_…; checked with Stripe before it is saved, never shown again."
                }
                error={errorFor("stripeSecretKey")}
              />
              <Field
                label="Webhook signing secret"
                name="stripeWebhookSecret"
                type="password"
                defaultValue=""
                autoComplete="off"
                hint={
                  stripe.source === "saved"
                    ? "Set. Paste a new one to replace it; empty keeps it."
                    : "whsec_…, from the webhook endpoint you added in Stripe."
                }
                error={errorFor("stripeWebhookSecret")}
              />
              <Button>Check with Stripe and save</Button>
            </Form>
          </>
        )}
        <div className="space-y-1 border-t border-stone pt-4">
          <p className="font-semibold">The webhook address to paste into Stripe</p>
          <p>
            <code data-testid="webhook-address" className="break-all">
              {webhookAddress}
            </code>
          </p>
          <p className="text-sm text-muted">
            Events to send: checkout.session.completed, checkout.session.expired,
            checkout.session.async_payment_succeeded, checkout.session.async_payment_failed,
            refund.created, refund.updated, charge.refunded.
          </p>
        </div>
      </section>

      <section
        id="public-address"
        aria-labelledby="address-title"
        className="space-y-4 rounded-lg bg-white p-5 ring-1 ring-black/5"
      >
        <h2 id="address-title" className="font-display text-xl font-bold uppercase">
          Public address
        </h2>
        {publicUrl.environment ? (
          <p>
            The address is <strong>{publicUrl.environment}</strong>, set by <code>PUBLIC_URL</code>{" "}
            where the shop is started; it wins over an address saved here.
          </p>
        ) : (
          <Form method="post" className="space-y-4" noValidate>
            <input type="hidden" name="intent" value="public-address" />
            <Field
              label="The address customers use"
              name="publicUrl"
              inputMode="url"
              defaultValue={refused?.values?.publicUrl ?? publicUrl.saved ?? ""}
              hint="For example https://shop.example.co.uk. Links in e-mails, Stripe's return pages and search results use it; the sign-in cookie becomes https-only from the next start."
              error={errorFor("publicUrl")}
            />
            <Button>Save the address</Button>
          </Form>
        )}
      </section>
      <p>
        <Link to="/admin/launch" className="font-semibold underline">
          Back to the launch checklist
        </Link>
      </p>
    </div>
  );
}
