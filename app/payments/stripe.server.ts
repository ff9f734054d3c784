import Stripe from "stripe";
import type { Env } from "~/shared/settings";
import { describeOrderLine } from "~/orders/line-description";
import type { Order, OrderLine } from "~/orders/orders.server";
import { allowedCountries } from "~/pricing/shipping";
import { STRIPE_MINIMUM_EXPIRY_SECONDS } from "~/shared/limits";

/**
 * The Stripe SDK when STRIPE_SECRET_KEY is set, else null; built once by the composition root
 * (openPayments). STRIPE_API_BASE points it at a local fake in tests, never the real Stripe.
 */
export function createStripeClient(
  settings: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">,
): Stripe | null {
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = settings;
  if (!STRIPE_SECRET_KEY) return null;
  const base = STRIPE_API_BASE ? new URL(STRIPE_API_BASE) : undefined;
  return new Stripe(STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

/**
 * A Stripe Checkout Session for a stored order: server-priced lines in GBP, shipping, the
 * discount as a one-off amount-off coupon on the items, and the order as client_reference_id.
 */
export async function createStripeCheckoutSession(
  api: Stripe,
  order: Order,
  lines: readonly OrderLine[],
  origin: string,
  shippingLabel: string,
  /** The shop's clock's time: Stripe's minimum expiry is counted from it. */
  now: Date,
) {
  // X-GIFT-3: what gift cards pay comes off like a discount, so Stripe charges the amount due.
  const off = order.discountPence + order.giftCardPence;
  const name = [
    order.discountPence > 0
      ? `${order.discountCode ?? "Discount"} (${order.discountPercent}%)`
      : "",
    order.giftCardPence > 0 ? "Gift cards" : "",
  ]
    .filter(Boolean)
    .join(" and ");
  const discounts =
    off > 0
      ? [
          {
            coupon: (
              await api.coupons.create({
                amount_off: off,
                currency: "gbp",
                duration: "once",
                name,
              })
            ).id,
          },
        ]
      : undefined;
  // The session ends with the order (X-STK-4); Stripe wants at least 30 minutes from now.
  const expiresAt = Math.max(
    Math.ceil(order.expiresAt.getTime() / 1000),
    Math.floor(now.getTime() / 1000) + STRIPE_MINIMUM_EXPIRY_SECONDS,
  );
  const session = await api.checkout.sessions.create({
    mode: "payment",
    expires_at: expiresAt,
    currency: "gbp",
    client_reference_id: order.id,
    metadata: {
      order_id: order.id,
      order_number: order.orderNumber,
      shipping_method: order.shippingMethod,
    },
    line_items: lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: "gbp",
        unit_amount: line.unitPricePence,
        product_data: {
          name: line.productName,
          description: describeOrderLine(line) || undefined,
          metadata: { product_id: line.productId },
        },
      },
    })),
    // X-UK-1: the order's own delivery method and amount, and only the countries it delivers to.
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: shippingLabel,
          fixed_amount: { amount: order.shippingPence, currency: "gbp" },
          metadata: { shipping_method: order.shippingMethod },
        },
      },
    ],
    // X-TEAM-6: an order delivered with its team goes to the team's address: none is asked for.
    ...(order.teamDeliveryAddress
      ? {}
      : {
          shipping_address_collection: {
            allowed_countries: [
              ...allowedCountries(order.shippingMethod),
            ] as Stripe.Checkout.SessionCreateParams.ShippingAddressCollection.AllowedCountry[],
          },
        }),
    phone_number_collection: { enabled: true },
    discounts,
    success_url: `${origin}/order-confirmation?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/checkout`,
  });
  if (!session.url) throw new Error("Stripe returned a session without a URL.");
  return { sessionId: session.id, url: session.url, expiresAt: new Date(expiresAt * 1000) };
}

export type StripeSession = Stripe.Checkout.Session;

/** What a paid Checkout Session says about the customer, for the stored order. */
export function paymentDetailsFromSession(session: StripeSession) {
  const address = session.collected_information?.shipping_details?.address;
  const name =
    session.collected_information?.shipping_details?.name ?? session.customer_details?.name ?? "";
  const [firstName = "", ...rest] = name.split(" ");
  return {
    customerEmail: session.customer_details?.email ?? "",
    customerPhone: session.customer_details?.phone ?? null,
    customerName: { firstName, lastName: rest.join(" ") },
    shippingAddress: address
      ? {
          firstName,
          lastName: rest.join(" "),
          address: [address.line1, address.line2].filter(Boolean).join(", "),
          city: address.city ?? "",
          postcode: address.postal_code ?? "",
          country: address.country ?? "",
        }
      : null,
    paymentReference:
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
  };
}

/**
 * What a payment provider said of a refund (issue 27). "pending" is an accepted refund that is not
 * final yet (Stripe's pending or requires_action); "refused" is a clear no, with its reason. An
 * unclear answer (a timeout, a dropped connection, a 429 or 5xx) is not an answer: it is thrown,
 * and the refund is asked again later with the same idempotency key.
 */
export type RefundAnswer =
  | { state: "succeeded"; reference: string }
  | { state: "pending"; reference: string; providerStatus: string }
  | { state: "refused"; reason: string; reference?: string };

/** A Stripe refund object read as an answer. */
export function answerOfStripeRefund(refund: {
  id: string;
  status: string | null;
  failure_reason?: string | null;
}): RefundAnswer {
  if (refund.status === "succeeded") return { state: "succeeded", reference: refund.id };
  if (refund.status === "failed" || refund.status === "canceled") {
    return {
      state: "refused",
      reference: refund.id,
      reason: `Stripe ${refund.status === "failed" ? "could not make" : "cancelled"} the refund${
        refund.failure_reason ? ` (${refund.failure_reason.replaceAll("_", " ")})` : ""
      }.`,
    };
  }
  return { state: "pending", reference: refund.id, providerStatus: refund.status ?? "pending" };
}

/** Stripe's clear 4xx answer is a refusal; anything else may come after the refund was made. */
function refusalOf(error: unknown): RefundAnswer | undefined {
  if (
    error instanceof Stripe.errors.StripeError &&
    error.statusCode !== undefined &&
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 429
  ) {
    return { state: "refused", reason: error.message };
  }
  return undefined;
}

/**
 * Refunds part of a payment through Stripe's refunds API (X-OPS-4). The shop's refund id is the
 * idempotency key, so asking again (after a crash or a timeout) never refunds twice, and it rides
 * along as metadata so Stripe's webhooks name the shop's refund.
 */
export async function refundStripePayment(
  api: Stripe,
  paymentIntent: string,
  amountPence: number,
  refundId: string,
): Promise<RefundAnswer> {
  try {
    const refund = await api.refunds.create(
      { payment_intent: paymentIntent, amount: amountPence, metadata: { refund_id: refundId } },
      { idempotencyKey: `refund_${refundId}` },
    );
    return answerOfStripeRefund(refund);
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused;
    throw error;
  }
}

/** Today's word on a refund Stripe has already made (it may have been pending before). */
export async function stripeRefundNow(api: Stripe, reference: string): Promise<RefundAnswer> {
  try {
    return answerOfStripeRefund(await api.refunds.retrieve(reference));
  } catch (error) {
    const refused = refusalOf(error);
    if (refused) return refused;
    throw error;
  }
}

/** The provider's clear refusal of a refund: nothing was refunded, with the provider's reason. */
export class RefundRefused extends Error {
  override name = "RefundRefused";
}
