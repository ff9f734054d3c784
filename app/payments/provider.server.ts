import { createContext, type RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";
import type { Order, OrderLine } from "~/orders/orders.server";
import { newSandboxSessionId } from "~/orders/orders.server";
import { createStripeCheckoutSession, createStripeClient } from "./stripe.server";

export interface HostedSession {
  sessionId: string;
  /** Where the browser goes to pay: the sandbox page, or Stripe Checkout. */
  url: string;
  /** When the hosted session ends, if not at the order's own expiry time. */
  expiresAt?: Date;
}

export interface PaymentProvider {
  name: "sandbox" | "stripe";
  createSession(
    order: Order,
    lines: readonly OrderLine[],
    origin: string,
    /** The delivery as the buyer chose it, e.g. "UK standard (2-5 working days)". */
    shippingLabel: string,
  ): Promise<HostedSession>;
}

/** The built-in test-mode payment page (X-CHK-3), used when Stripe is not configured. */
const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async createSession() {
    const sessionId = newSandboxSessionId();
    return { sessionId, url: `/payment?session_id=${encodeURIComponent(sessionId)}` };
  },
};

type PaymentsConfig = Pick<
  Env,
  "PAYMENTS" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "PUBLIC_URL"
> &
  Partial<Pick<Env, "NODE_ENV">>;

/** Who takes payments (X-SEC-1): PAYMENTS when set, else Stripe when its key is set. */
export function paymentsMode(config: PaymentsConfig): "sandbox" | "stripe" {
  if (config.PAYMENTS) return config.PAYMENTS;
  return config.STRIPE_SECRET_KEY ? "stripe" : "sandbox";
}

/**
 * Why the shop must not start with this configuration, or undefined (X-SEC-1): the Stripe keys
 * come in pairs; a production server (NODE_ENV=production, the default) must say who takes
 * payments, so it never runs the sandbox by mistake; and a public https shop without Stripe keys
 * would run the sandbox by mistake, unless PAYMENTS=sandbox says so.
 */
export function paymentsStartupProblem(config: PaymentsConfig): string | undefined {
  const stripeReady = Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);
  if (!stripeReady && (config.STRIPE_SECRET_KEY || config.STRIPE_WEBHOOK_SECRET)) {
    return `${config.STRIPE_SECRET_KEY ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET"} is set without ${config.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"}: Stripe needs both, or neither for the sandbox.`;
  }
  if (config.PAYMENTS === "stripe" && !stripeReady) {
    return "PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.";
  }
  if (!config.PAYMENTS && (config.NODE_ENV ?? "production") === "production") {
    return "PAYMENTS is not set: a production server must say who takes payments. Set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or PAYMENTS=sandbox to run a test shop on purpose (npm start does this when nothing is configured).";
  }
  if (
    !config.PAYMENTS &&
    !config.STRIPE_SECRET_KEY &&
    config.PUBLIC_URL?.toLowerCase().startsWith("https:")
  ) {
    return "PUBLIC_URL is https but no Stripe keys are set: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments, or PAYMENTS=sandbox to run a test shop on purpose.";
  }
  return undefined;
}

/** The start-up line saying who takes payments. */
export function paymentsStartupLine(config: PaymentsConfig): string {
  return paymentsMode(config) === "stripe"
    ? "Payments: Stripe Checkout (real payments with live keys)."
    : "Payments: sandbox (test mode: only Stripe's test card numbers are accepted, no card is charged).";
}

/**
 * The shop's payments, built once by the composition root (X-ARCH-1): the provider that takes new
 * checkouts (PAYMENTS), and Stripe's SDK whenever its key is set, for Stripe orders' look-ups,
 * refunds and webhooks (a shop back on the sandbox still refunds its Stripe orders).
 */
export interface Payments {
  provider: PaymentProvider;
  /** The Stripe SDK (STRIPE_SECRET_KEY set), else null. */
  stripe: Stripe | null;
  /** STRIPE_WEBHOOK_SECRET, checked with the key: both or no webhook. */
  webhookSecret: string | null;
}

export function openPayments(
  config: PaymentsConfig & Pick<Env, "STRIPE_API_BASE">,
  clock: Clock,
): Payments {
  const payments: Payments = {
    provider: sandboxProvider,
    stripe: createStripeClient(config),
    webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
  };
  if (paymentsMode(config) === "stripe") {
    payments.provider = {
      name: "stripe",
      createSession: (...args) =>
        createStripeCheckoutSession(stripeOf(payments), ...args, clock.now()),
    };
  }
  return payments;
}

/** Stripe's SDK, for a Stripe order or refund; a shop without STRIPE_SECRET_KEY cannot reach it. */
export function stripeOf(payments: Payments): Stripe {
  if (!payments.stripe) throw new Error("STRIPE_SECRET_KEY is not set.");
  return payments.stripe;
}

/** The request's payments, put in by the composition root (app/server/shop.server.ts). */
export const paymentsContext = createContext<Payments | null>(null);

export function paymentsFrom(context: Readonly<RouterContextProvider>): Payments {
  const payments = context.get(paymentsContext);
  if (!payments)
    throw new Error("No payments in the request context: was it built by app/server/?");
  return payments;
}
