import { partsFrom } from "~/flows/parts.server";
import { EmptyCart } from "~/cart/EmptyCart";
import { Lock } from "~/ui/icons/lock";
import { useRef, useState } from "react";
import { data, redirect } from "react-router";
import { lineChoice, totalQuantity } from "~/cart/lines";
import { useCart } from "~/cart/store";
import { clockFrom, dbFrom, settingsFrom } from "~/db/context.server";
import {
  changeCartByForm,
  customerOf,
  giftCardCodesOf,
  payFromCart,
  readCart,
} from "~/flows/checkout/cart-actions.server";
import { GIFT_CARD_PRODUCT_ID } from "~/shared/gift-card-line";
import { Field } from "~/ui/Field";
import { ErrorSummary, fieldId } from "~/ui/forms";
import { isDiscountAttempt } from "~/cart/intents";
import { answerOf, pageEndpoint, takeQuota } from "~/security/edge.server";
import { QUOTAS } from "~/security/quotas.server";
import { CheckoutLines, ReturnsNotice, TotalsTable } from "~/flows/checkout/CheckoutSummary";
import { DeliveryChoice } from "~/flows/checkout/DeliveryChoice";
import { type AppliedDiscount, DiscountCodeForm } from "~/flows/checkout/DiscountCodeForm";
import { pageMeta } from "~/seo/meta";
import { formatPence } from "~/pricing/money";
import { useStockLevels } from "~/stock/useStockLevels";
import {
  DEFAULT_SHIPPING_METHOD,
  enabledMethods,
  isShippingMethodId,
  SHIPPING_METHODS,
  type ShippingMethodId,
} from "~/pricing/shipping";
import { catalogueFrom } from "~/catalogue/store.server";
import { orderTotals, ownLines } from "~/pricing/totals";
import { subtotalPence } from "~/pricing/lines";
import { TEAM_PRICE_SENTENCE } from "~/teams/labels";
import { POLICY } from "~/policy/policy";
import type { Route } from "./+types/checkout";
import { BODY_LIMITS } from "~/shared/limits";

export const meta = () =>
  pageMeta({ title: "Checkout", description: "Review your order and pay securely." });

const FAILURE = "Failed to process checkout. Please try again.";

/** Someone's own cart: never kept by a cache. */
export const headers = () => ({ "Cache-Control": "no-store" });

/** The cart kept on the server, priced now: the page shows it before (and without) its script. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { delivery } = (await catalogueFrom(context)).settings.settings;
  const offered = enabledMethods(delivery);
  // Without JavaScript, "Update total" comes back here with the chosen method in the address.
  const asked = new URL(request.url).searchParams.get("delivery");
  const shippingMethod =
    isShippingMethodId(asked) && offered.includes(asked)
      ? asked
      : offered.includes(DEFAULT_SHIPPING_METHOD)
        ? DEFAULT_SHIPPING_METHOD
        : (offered[0] ?? DEFAULT_SHIPPING_METHOD);
  // X-SEC-21: the team-price sentence comes with the page, not in its script.
  return data(
    {
      ...(await readCart(dbFrom(context), request, clockFrom(context).now())),
      teamPriceSentence: TEAM_PRICE_SENTENCE,
      // X-TRUE-2: the owner's delivery prices, as the server charges them.
      delivery,
      shippingMethod,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * Without JavaScript (issue 25, X-PE-2): "Apply" keeps the discount code with the cart and comes
 * back here; "Pay" makes the checkout session from the cart and goes to the payment page. A
 * refusal is shown on this page in the same words as with JavaScript, with its 4xx.
 */
export const action = pageEndpoint(
  {
    sameOrigin: true,
    body: { kind: "form", limit: BODY_LIMITS.form },
    rateLimit: QUOTAS.checkout,
    noStore: true,
  },
  async ({ db, request, body, address, context }) => {
    if (body.get("intent") === "delivery") {
      // Without JavaScript: the page again with the total for the chosen delivery (issue 39).
      const method = body.get("shippingMethod");
      const query = isShippingMethodId(method) ? `?delivery=${method}` : "";
      throw redirect(`/checkout${query}#order-summary`, { status: 303 });
    }
    if (body.get("intent") === "discount") {
      // The same per-address limit as /api/discounts/validate and the cart (X-SEC-19).
      if (isDiscountAttempt(body)) {
        const over = await takeQuota(QUOTAS.discountCheck, { request, context });
        if (over) return { ...over, extra: { discountRefused: true } };
      }
      const outcome = await changeCartByForm(
        db,
        request,
        body,
        settingsFrom(context),
        clockFrom(context).now(),
      );
      if (outcome.ok)
        throw redirect("/checkout", { status: 303, headers: answerOf(outcome).headers });
      return { ...outcome, extra: { discountRefused: true } };
    }
    // X-GIFT-3: codes typed here count against the balance check's per-address limit.
    if (giftCardCodesOf(body.get("giftCards")).length > 0) {
      const over = await takeQuota(QUOTAS.giftCardCheck, { request, context });
      if (over) return over;
    }
    const outcome = await payFromCart(db, request, body, address, partsFrom(context));
    if (outcome.ok)
      throw redirect(outcome.data.url, { status: 303, headers: answerOf(outcome).headers });
    // Without JavaScript the page comes back with what was typed (the codes, the details).
    const giftCards = body.get("giftCards");
    return {
      ...outcome,
      extra: {
        ...outcome.extra,
        typed: {
          giftCards: typeof giftCards === "string" ? giftCards.slice(0, 130) : "",
          ...customerOf(body),
        },
      },
    };
  },
);

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const cart = useCart();
  // The server's cart until the cart's script has it; then the script's (X-CART-1).
  const lines = cart.ready ? cart.lines : loaderData.lines;
  const answer = actionData as
    | {
        error?: string;
        discountRefused?: boolean;
        field?: string;
        typed?: Partial<Record<DetailName | "giftCards", string>>;
      }
    | undefined;
  // X-GIFT-3: the gift cards pay the whole order, so there is no payment page to ask who pays:
  // this page asks (the e-mail, and the name and address when something is posted).
  const [details, setDetails] = useState<{ message: string; typed: Typed } | null>(
    answer?.field === "customer" && answer.error
      ? { message: answer.error, typed: answer.typed ?? {} }
      : null,
  );
  const posted = lines.some((line) => line.productId !== GIFT_CARD_PRODUCT_ID);
  const [discount, setDiscount] = useState<AppliedDiscount | null>(loaderData.discount);
  const [processing, setProcessing] = useState(false);
  const [failure, setFailure] = useState<string | null>(
    answer?.error && !answer.discountRefused && answer.field !== "customer"
      ? `${FAILURE} ${answer.error}`
      : null,
  );
  const [lineError, setLineError] = useState<{
    index: number;
    message: string;
    lines: typeof lines;
  } | null>(null);
  const { levels, lookup, refresh } = useStockLevels();
  // A changed cart is a new question: the last answer about one of its lines no longer applies.
  const currentLineError = lineError?.lines === lines ? lineError : null;
  const [shippingMethod, setShippingMethod] = useState<ShippingMethodId>(loaderData.shippingMethod);
  const giftCardField = useRef<HTMLInputElement>(null);
  const totals = orderTotals(lines, discount?.percent ?? 0, shippingMethod, loaderData.delivery);

  const pay = async (form: FormData) => {
    const customer = Object.fromEntries(
      DETAILS.map(({ name }) => [name, String(form.get(name) ?? "").trim()]),
    ) as Typed;
    setProcessing(true);
    setFailure(null);
    setLineError(null);
    try {
      const response = await fetch("/api/create-checkout-session", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          cartItems: lines.map(lineChoice),
          discountCode: discount?.code,
          shippingMethod,
          // X-GIFT-3: the same field the form sends without JavaScript.
          giftCards: giftCardField.current?.value
            .split(/[,;\n]+/)
            .map((code) => code.trim())
            .filter(Boolean),
          ...(details ? { customer } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        url?: string;
        error?: string;
        lineIndex?: number;
        field?: string;
      };
      if (body.field === "customer" && body.error) {
        setDetails({ message: body.error, typed: customer });
        setProcessing(false);
        return;
      }
      if (!response.ok || !body.url) {
        setFailure(body.error ? `${FAILURE} ${body.error}` : FAILURE);
        // X-STK-3: say it against the line too, and show the cart's stock as it is now.
        if (body.error && typeof body.lineIndex === "number") {
          setLineError({ index: body.lineIndex, message: body.error, lines });
        }
        if (response.status === 409) refresh();
        setProcessing(false);
        return;
      }
      window.location.assign(body.url);
    } catch {
      setFailure(FAILURE);
      setProcessing(false);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-5xl font-bold uppercase">Checkout</h1>
      <div className="mt-8 min-h-[36rem]">
        {lines.length === 0 ? (
          <EmptyCart />
        ) : (
          // minmax(0, 1fr): the columns never grow past the screen, at 320 px either (X-A11Y-5).
          <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <section
              aria-labelledby="order-items"
              className="rounded-lg bg-white p-4 ring-1 ring-black/5 sm:p-6"
            >
              <h2 id="order-items" className="font-display text-2xl font-bold uppercase">
                Your order
              </h2>
              <CheckoutLines
                lines={lines}
                levels={levels}
                lookup={lookup}
                lineError={currentLineError}
              />
              <ReturnsNotice />
            </section>
            <section
              aria-labelledby="order-summary"
              className="space-y-6 self-start rounded-lg bg-white p-4 ring-1 ring-black/5 sm:p-6"
            >
              <h2 id="order-summary" className="font-display text-2xl font-bold uppercase">
                Summary
              </h2>
              <DiscountCodeForm
                applied={discount}
                onChange={setDiscount}
                lines={lines}
                said={
                  answer?.discountRefused
                    ? (answer.error ?? null)
                    : (loaderData.discountProblem ??
                      (loaderData.discount
                        ? `${loaderData.discount.code} applied: ${loaderData.discount.percent}% off your items.`
                        : null))
                }
              />
              {/* "Pay" is a real form: without JavaScript it posts here and the server makes the
                  session from the cart it keeps (issue 25, X-PE-2). */}
              <form
                method="post"
                action="/checkout"
                // The server says what is missing, in the shop's error pattern (X-A11Y-2).
                noValidate
                className="space-y-6"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!processing) void pay(new FormData(event.currentTarget));
                }}
              >
                <DeliveryChoice
                  value={shippingMethod}
                  onChange={setShippingMethod}
                  items={totalQuantity(lines)}
                  subtotalAfterDiscountPence={subtotalPence(ownLines(lines)) - totals.discountPence}
                  delivery={loaderData.delivery}
                />
                {lines.some((line) => line.team) ? (
                  <p className="text-sm text-muted">{loaderData.teamPriceSentence}</p>
                ) : null}
                <TotalsTable
                  totals={totals}
                  discountLabel={discount?.code}
                  shippingLabel={SHIPPING_METHODS[shippingMethod].name}
                />
                <p className="text-sm text-muted">
                  Made-to-order items are dispatched within {POLICY.madeToOrder}, in-stock items
                  within {POLICY.inStockDispatch}; delivery time is counted from dispatch.
                </p>
                {/* X-GIFT-3: gift cards pay first; the rest is paid by card on the next page. */}
                <div className="flex flex-col gap-1">
                  <label htmlFor="gift-cards" className="text-sm font-semibold">
                    Gift card
                  </label>
                  <input
                    ref={giftCardField}
                    defaultValue={answer?.typed?.giftCards}
                    id="gift-cards"
                    name="giftCards"
                    autoComplete="off"
                    spellCheck={false}
                    maxLength={130}
                    placeholder="XXXX-XXXX-XXXX-XXXX"
                    aria-describedby="gift-cards-hint"
                    className="rounded border border-stone px-3 py-2 font-mono uppercase"
                  />
                  <p id="gift-cards-hint" className="text-sm text-muted">
                    Optional. Several cards: separate the codes with commas. What they hold comes
                    off the total; you pay the rest by card.
                  </p>
                </div>
                {details ? (
                  <YourDetails message={details.message} typed={details.typed} posted={posted} />
                ) : null}
                <div className="space-y-3">
                  <button
                    type="submit"
                    name="intent"
                    value="pay"
                    // Focusable while it works (aria-disabled, not disabled: X-A11Y-2).
                    aria-disabled={processing || undefined}
                    className="flex w-full items-center justify-center gap-2 rounded bg-accent px-6 py-4 font-display text-xl tracking-wider text-white uppercase hover:bg-accent-dark aria-disabled:cursor-wait aria-disabled:opacity-70"
                  >
                    <Lock aria-hidden="true" className="size-5" />
                    {processing ? "Processing..." : `Pay ${formatPence(totals.totalPence)}`}
                  </button>
                  <div role="alert" className="text-sm font-semibold text-accent">
                    {failure}
                  </div>
                </div>
              </form>
            </section>
          </div>
        )}
      </div>
    </div>
  );
}

type DetailName = "email" | "firstName" | "lastName" | "address" | "city" | "postcode";
type Typed = Partial<Record<DetailName, string>>;

const DETAILS: readonly {
  name: DetailName;
  label: string;
  autoComplete: string;
  missing: string;
  posted?: true;
}[] = [
  {
    name: "email",
    label: "E-mail",
    autoComplete: "email",
    missing: "Enter your e-mail address for the receipt.",
  },
  {
    name: "firstName",
    label: "First name",
    autoComplete: "given-name",
    missing: "Enter your first name.",
    posted: true,
  },
  {
    name: "lastName",
    label: "Last name",
    autoComplete: "family-name",
    missing: "Enter your last name.",
    posted: true,
  },
  {
    name: "address",
    label: "Address",
    autoComplete: "street-address",
    missing: "Enter the delivery address.",
    posted: true,
  },
  {
    name: "city",
    label: "Town or city",
    autoComplete: "address-level2",
    missing: "Enter the town or city.",
    posted: true,
  },
  {
    name: "postcode",
    label: "Postcode",
    autoComplete: "postal-code",
    missing: "Enter the postcode.",
    posted: true,
  },
];

const DETAILS_FORM = "checkout-details";

/**
 * X-GIFT-3: who pays an order the gift cards cover in full, asked here because there is no
 * payment page: the e-mail for the receipt, and the name and address when something is posted.
 * Shown when the server asks for them, with the shop's error pattern (X-A11Y-2): the summary
 * takes the focus, each empty field says so.
 */
function YourDetails({
  message,
  typed,
  posted,
}: {
  message: string;
  typed: Typed;
  posted: boolean;
}) {
  const shown = DETAILS.filter((field) => posted || !field.posted);
  // Asked for the first time (nothing typed yet): the fields, the focus on the first, no errors.
  const first = shown.every((field) => !typed[field.name]?.trim());
  const empty = shown.filter((field) => !typed[field.name]?.trim());
  const errors: Record<string, string> = first
    ? {}
    : empty.length > 0
      ? Object.fromEntries(empty.map((field) => [field.name, field.missing]))
      : { [shown[0]!.name]: message };
  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl font-bold uppercase">Your details</legend>
      <ErrorSummary
        form={DETAILS_FORM}
        message={first ? undefined : message}
        errors={errors}
        fieldOrder={shown.map((field) => field.name)}
        answer={typed}
      />
      <p className="text-sm text-muted">
        Your gift cards pay for everything, so there is no payment page: tell us where to send the
        receipt{posted ? " and your order" : ""}.
      </p>
      {shown.map((field, index) => (
        <Field
          key={field.name}
          id={fieldId(DETAILS_FORM, field.name)}
          name={field.name}
          label={field.label}
          type={field.name === "email" ? "email" : "text"}
          autoComplete={field.autoComplete}
          required
          maxLength={field.name === "email" ? 254 : field.name === "address" ? 200 : 100}
          defaultValue={typed[field.name]}
          error={errors[field.name]}
          // Asked for the first time: the focus goes to the first field (X-A11Y-2).
          autoFocus={first && index === 0}
        />
      ))}
    </fieldset>
  );
}
