import { paymentsFrom } from "~/payments/provider.server";
import { partsFrom } from "~/flows/parts.server";
import { ShieldAlert } from "~/ui/icons/shield-alert";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { TotalsTable } from "~/flows/checkout/CheckoutSummary";
import { choiceDetails } from "~/catalogue/options";
import { pageMeta } from "~/seo/meta";
import { dbFrom } from "~/db/context.server";
import { linesOfOrder } from "~/orders/orders.server";
import { formatPence } from "~/pricing/money";
import { SHIPPING_METHODS } from "~/pricing/shipping";
import { deliveryLabel } from "~/orders/delivery-label";
import { isPaid, legacyStatus } from "~/orders/status";
import { catalogueFrom } from "~/catalogue/store.server";
import { AddressFields, Field, PAYMENT_FORM } from "~/payments/PaymentFields";
import { PAYMENT_FIELD_ORDER } from "~/payments/payment-form";
import { errorOf, ErrorSummary, fieldErrorsOf, RequiredNote, SubmitButton } from "~/ui/forms";
import {
  findSandboxOrder,
  holdOf,
  keepSandboxOrder,
  paySandboxForm,
} from "~/flows/payment/sandbox.server";
import { KEEP_LABEL, OrderHold, OrderHoldEnded } from "~/flows/payment/components/OrderHold";
import { paymentValuesKept } from "~/payments/payment-form";
import { londonClockTime } from "~/shared/london-time";
import { Button } from "~/ui/Button";
import { emptyPaidCart } from "~/flows/checkout/cart-actions.server";
import { type Outcome, pageEndpoint } from "~/security/edge.server";
import type { Route } from "./+types/payment";
import { BODY_LIMITS } from "~/shared/limits";
import { teamDeliveryCharge } from "~/teams/rules";
import { teamPayerSentence } from "~/teams/labels";

export const meta = () =>
  pageMeta({ title: "Payment", description: "Pay for your GRIP TRUTH order." });

const confirmationUrl = (sessionId: string) =>
  `/order-confirmation?session_id=${encodeURIComponent(sessionId)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const db = dbFrom(context);
  const order = await findSandboxOrder(db, sessionId, paymentsFrom(context));
  if (!order) {
    return data(
      { order: null, lines: [], sessionId: "", hold: null },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  if (isPaid(order)) throw redirect(confirmationUrl(sessionId));
  const lines = await linesOfOrder(db, order.id);
  return {
    sessionId,
    /** Issue 56: how long the order is held, by the shop's clock. */
    hold: holdOf(order, partsFrom(context).clock.now()),
    order: {
      status: legacyStatus(order),
      subtotalPence: order.subtotalPence,
      shippingPence: order.shippingPence,
      shippingMethodName: order.teamDeliveryAddress
        ? "With your team"
        : SHIPPING_METHODS[order.shippingMethod].name,
      shippingMethodLabel: deliveryLabel(
        order,
        (await catalogueFrom(context)).settings.settings.delivery,
      ),
      /** X-TEAM-6: delivered with the team: a name, e-mail and phone, never an address. */
      withTeam: Boolean(order.teamDeliveryAddress),
      /** X-DAY-11: the organiser paying for the members' entries (lines that name a member). */
      forTheTeam: lines.some((line) => line.memberName),
      deliversToUk: SHIPPING_METHODS[order.shippingMethod].destination === "uk",
      discountPence: order.discountPence,
      discountCode: order.discountCode,
      totalPence: order.totalPence,
      giftCardPence: order.giftCardPence,
    },
    lines: lines.map((line) => ({
      id: line.id,
      productName: line.productName,
      details: choiceDetails(line).join(" · "),
      quantity: line.quantity,
      lineTotalPence: line.lineTotalPence,
    })),
  };
}

export const headers = () => ({ "Cache-Control": "no-store" });

/** The sandbox's card form (X-SEC-1, X-SEC-7): same-origin, a small form body, never cached. */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.form },
    noStore: true,
  },
  async ({
    db,
    request,
    body,
    context,
  }): Promise<
    Outcome<{
      error?: string;
      fieldErrors?: Record<string, string>;
      values?: Record<string, string>;
      kept?: { expiresAt: string };
      keep?: true;
    }>
  > => {
    const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
    // What was typed goes back with every answer but a payment (issue 56, WCAG 3.3.7).
    const values = paymentValuesKept(body);
    if (body.get("intent") === "keep") {
      // Issue 56 (WCAG 2.2.1): hold the order longer; the form's values come back as typed.
      const kept = await keepSandboxOrder(db, sessionId, partsFrom(context));
      if (kept.ok) {
        const expiresAt = kept.expiresAt.toISOString();
        return { ok: true, data: { kept: { expiresAt }, values, keep: true } };
      }
      return { ...kept, extra: { ...kept.extra, values, keep: true } };
    }
    const result = await paySandboxForm(db, sessionId, body, partsFrom(context));
    if (result.ok) {
      await emptyPaidCart(db, request);
      throw redirect(confirmationUrl(sessionId));
    }
    return { ...result, extra: { ...result.extra, values } };
  },
);

function TestModeNotice() {
  return (
    <div
      className="flex gap-3 rounded-lg border-2 border-dashed border-amber-600 bg-amber-50 p-4 text-sm text-amber-950"
      role="note"
    >
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
      <p>
        <strong>Test-mode payment page.</strong> No real money is taken and no card is charged. Pay
        with the test card <strong>4242 4242 4242 4242</strong>, any future expiry date and any
        three-digit CVV; <strong>4000 0000 0000 0002</strong> shows a declined card.
      </p>
    </div>
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const processing =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "keep";
  const { order, lines, sessionId, hold } = loaderData;
  const answer = actionData as
    | {
        error?: string;
        values?: Record<string, string>;
        kept?: { expiresAt: string };
        keep?: true;
      }
    | undefined;
  // The form's own "keep" button (without JavaScript): its answer is said in the hold's box.
  const keptAnswer = answer?.keep
    ? answer.kept
      ? {
          ok: true,
          message: `Your order is now held until ${londonClockTime(new Date(answer.kept.expiresAt))}.`,
        }
      : { ok: false, message: answer.error ?? "Your order could not be kept longer." }
    : undefined;
  const errors = answer?.keep ? {} : fieldErrorsOf(actionData);
  const values = answer?.values;
  const action = `/payment?session_id=${encodeURIComponent(sessionId)}`;

  if (!order) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="font-display text-4xl font-bold uppercase">Payment session not found</h1>
        <p className="mt-4 text-muted">
          This payment link is not valid or has expired. Your cart is still saved: go back to the
          checkout to try again.
        </p>
        <Link
          to="/checkout"
          className="mt-8 inline-block rounded bg-accent px-6 py-3 font-semibold text-white hover:bg-accent-dark"
        >
          Back to checkout
        </Link>
      </section>
    );
  }

  // Issue 56: not paid in time: what happened, and the way back with the same cart.
  if (!hold || hold.ended) return <OrderHoldEnded />;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-5xl font-bold uppercase">Payment</h1>
      <div className="mt-6 space-y-4">
        <TestModeNotice />
        <OrderHold hold={hold} action={action} kept={keptAnswer} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <Form method="post" action={action} noValidate className="space-y-8">
          <ErrorSummary
            form={PAYMENT_FORM}
            message={answer?.keep ? undefined : errorOf(actionData)}
            errors={errors}
            fieldOrder={PAYMENT_FIELD_ORDER}
            answer={actionData}
          />
          <RequiredNote />
          <fieldset className="rounded-lg bg-white p-6 ring-1 ring-black/5">
            <legend className="float-left mb-2 w-full font-display text-2xl font-bold uppercase">
              {order.withTeam ? "Your details" : "Shipping"}
            </legend>
            <div className="clear-both space-y-4">
              {order.withTeam ? (
                <>
                  <p className="text-sm" data-testid="delivery-note">
                    {order.shippingMethodLabel}: {teamDeliveryCharge(order.shippingPence)}, and no
                    address needed. {teamPayerSentence(order.forTheTeam)}
                  </p>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field
                      name="firstName"
                      label="First name"
                      autoComplete="given-name"
                      maxLength={80}
                      required
                      errors={errors}
                    />
                    <Field
                      name="lastName"
                      label="Last name"
                      autoComplete="family-name"
                      maxLength={80}
                      required
                      errors={errors}
                    />
                  </div>
                </>
              ) : (
                <>
                  <p className="text-sm text-muted" data-testid="delivery-note">
                    Delivery: {order.shippingMethodLabel}, to{" "}
                    {order.deliversToUk ? "UK addresses only" : "addresses outside the UK"}.
                  </p>
                  <AddressFields
                    prefix=""
                    section="shipping"
                    defaultCountry={order.deliversToUk ? "United Kingdom" : ""}
                    errors={errors}
                    values={values}
                  />
                </>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  name="email"
                  label="E-mail"
                  type="email"
                  autoComplete="email"
                  maxLength={254}
                  inputMode="email"
                  required
                  errors={errors}
                  values={values}
                />
                <Field
                  name="phone"
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={40}
                  inputMode="tel"
                  required
                  errors={errors}
                  values={values}
                />
              </div>
            </div>
          </fieldset>

          {order.withTeam ? null : (
            <fieldset className="group/billing rounded-lg bg-white p-6 ring-1 ring-black/5">
              <legend className="float-left mb-2 w-full font-display text-2xl font-bold uppercase">
                Billing
              </legend>
              <div className="clear-both space-y-4">
                <label className="flex items-center gap-3 font-semibold">
                  <input
                    type="checkbox"
                    name="sameAsShipping"
                    defaultChecked={values ? values.sameAsShipping === "on" : true}
                    className="size-5 accent-accent"
                  />
                  Billing address same as shipping
                </label>
                {/* CSS alone shows the billing fields when the box is unticked, with or without JS. */}
                <div className="group-has-[[name=sameAsShipping]:checked]/billing:hidden">
                  <AddressFields
                    prefix="billing"
                    section="billing"
                    errors={errors}
                    values={values}
                  />
                </div>
              </div>
            </fieldset>
          )}

          <fieldset className="rounded-lg bg-white p-6 ring-1 ring-black/5">
            <legend className="float-left mb-2 w-full font-display text-2xl font-bold uppercase">
              Card
            </legend>
            <div className="clear-both space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  name="cardNumber"
                  label="Card number"
                  autoComplete="cc-number"
                  inputMode="numeric"
                  maxLength={19}
                  hint="The long number on the front of the card; spaces are fine."
                  className="sm:col-span-2"
                  required
                  errors={errors}
                  values={values}
                />
                <Field
                  name="cardName"
                  label="Name on card"
                  autoComplete="cc-name"
                  maxLength={100}
                  className="sm:col-span-2"
                  required
                  errors={errors}
                  values={values}
                />
                <Field
                  name="expiryDate"
                  label="Expiry (MM/YY)"
                  autoComplete="cc-exp"
                  maxLength={5}
                  required
                  errors={errors}
                  values={values}
                />
                <Field
                  name="cvv"
                  label="CVV"
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  maxLength={3}
                  required
                  errors={errors}
                  values={values}
                />
              </div>
            </div>
          </fieldset>

          <div className="space-y-3">
            {/* The error summary at the top takes the focus and says what is wrong (X-A11Y-2);
                while paying, the button keeps the focus and says so. */}
            <SubmitButton
              busy={processing}
              variant="danger"
              className="w-full px-6 py-4 font-display text-xl tracking-wider uppercase"
            >
              {processing
                ? "Processing payment..."
                : `Pay ${formatPence(order.totalPence - order.giftCardPence)}`}
            </SubmitButton>
            {hold.extensionsLeft > 0 ? (
              // After Pay, so Enter in a field still pays (the form's first submit button). It
              // posts the whole form: nothing typed is lost without JavaScript (issue 56).
              <Button
                type="submit"
                name="intent"
                value="keep"
                variant="secondary"
                className="w-full"
                data-testid="keep-order"
              >
                {KEEP_LABEL}
              </Button>
            ) : null}
          </div>
        </Form>

        <aside
          aria-labelledby="payment-summary"
          className="space-y-4 self-start rounded-lg bg-white p-6 ring-1 ring-black/5"
        >
          <h2 id="payment-summary" className="font-display text-2xl font-bold uppercase">
            Your order
          </h2>
          <ul className="divide-y divide-stone text-sm">
            {lines.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 py-3">
                <span>
                  {line.quantity} × {line.productName}
                  <span className="block text-muted">{line.details}</span>
                </span>
                <span className="font-semibold">{formatPence(line.lineTotalPence)}</span>
              </li>
            ))}
          </ul>
          <TotalsTable
            totals={order}
            discountLabel={order.discountCode ?? undefined}
            shippingLabel={order.shippingMethodName}
            giftCardPence={order.giftCardPence}
          />
        </aside>
      </div>
    </div>
  );
}
