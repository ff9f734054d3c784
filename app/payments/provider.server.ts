import { type Env, env } from "~/server/env.server";
import type { Order, OrderLine } from "~/orders/orders.server";
import { newSandboxSessionId } from "~/orders/orders.server";
import { createStripeCheckoutSession } from "./stripe.server";

export interface HostedSession {
  sessionId: string;
  /** Where the browser goes to pay: the sandbox page, or Stripe Checkout. */
  url: string;
  /** When the hosted session ends, if not at the order's own expiry time. */
  expiresAt?: Date;
}

export interface PaymentProvider {
  name: "sandbox" | "stripe";
  createSession(order: Order, lines: readonly OrderLine[], origin: string): Promise<HostedSession>;
}

/** The built-in test-mode payment page (X-CHK-3), used when Stripe is not configured. */
const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async createSession() {
    const sessionId = newSandboxSessionId();
    return { sessionId, url: `/payment?session_id=${encodeURIComponent(sessionId)}` };
  },
};

const stripeProvider: PaymentProvider = {
  name: "stripe",
  createSession: createStripeCheckoutSession,
};

type PaymentsConfig = Pick<
  Env,
  "PAYMENTS" | "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "PUBLIC_URL"
> &
  Partial<Pick<Env, "NODE_ENV">>;

/** Who takes payments (X-SEC-1): PAYMENTS when set, else Stripe when its key is set. */
export function paymentsMode(config: PaymentsConfig = env()): "sandbox" | "stripe" {
  if (config.PAYMENTS) return config.PAYMENTS;
  return config.STRIPE_SECRET_KEY ? "stripe" : "sandbox";
}

/**
 * Why the shop must not start with this configuration, or undefined (X-SEC-1): the Stripe keys
 * come in pairs; a production server (NODE_ENV=production, the default) must say who takes
 * payments, so it never runs the sandbox by mistake; and a public https shop without Stripe keys
 * would run the sandbox by mistake, unless PAYMENTS=sandbox says so.
 */
export function paymentsStartupProblem(config: PaymentsConfig = env()): string | undefined {
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
export function paymentsStartupLine(config: PaymentsConfig = env()): string {
  return paymentsMode(config) === "stripe"
    ? "Payments: Stripe Checkout (real payments with live keys)."
    : "Payments: sandbox (test mode: only Stripe's test card numbers are accepted, no card is charged).";
}

export function paymentProvider(): PaymentProvider {
  return paymentsMode() === "stripe" ? stripeProvider : sandboxProvider;
}
