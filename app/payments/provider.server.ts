import { createContext, type RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";
import type { Order, OrderLine } from "~/orders/orders.server";
import { newSandboxSessionId } from "~/orders/orders.server";
import type { ServiceSettings } from "~/security/service-settings.server";
import { keyMode, stripeKeysInUse } from "./keys.server";
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
    return "PAYMENTS is not set: a production server must say who takes payments. Set PAYMENTS=sandbox to start as a test shop and enter Stripe's keys in the back office (Payments) when ready (npm start does this when nothing is configured), or PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.";
  }
  if (
    !config.PAYMENTS &&
    !config.STRIPE_SECRET_KEY &&
    config.PUBLIC_URL?.toLowerCase().startsWith("https:")
  ) {
    return "PUBLIC_URL is https but no Stripe keys are set: set PAYMENTS=sandbox to start as a test shop and enter Stripe's keys in the back office (Payments), or set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.";
  }
  return undefined;
}

/** The start-up line saying who takes payments, by the environment. */
export function paymentsStartupLine(config: PaymentsConfig): string {
  return paymentsMode(config) === "stripe"
    ? "Payments: Stripe Checkout (real payments with live keys)."
    : "Payments: sandbox (test mode: only Stripe's test card numbers are accepted, no card is charged), until Stripe's keys are saved in the back office (Payments).";
}

/** The line saying who takes payments now, once the database is open (saved keys count). */
export function paymentsNowLine(payments: Payments): string {
  if (payments.provider.name !== "stripe") {
    return "Payments: sandbox (test mode: only Stripe's test card numbers are accepted, no card is charged). Stripe's keys can be entered in the back office (Payments).";
  }
  return payments.testShop
    ? "Payments: Stripe Checkout with a test key (a test shop: no card is charged)."
    : "Payments: Stripe Checkout with a live key (real payments).";
}

/**
 * The shop's payments, built once by the composition root (X-ARCH-1): the provider that takes new
 * checkouts, and Stripe's SDK whenever a key is set, for Stripe orders' look-ups, refunds and
 * webhooks (a shop back on the sandbox still refunds its Stripe orders). The keys are the
 * environment's when STRIPE_SECRET_KEY is set, else the ones the owner saved and Stripe accepted on
 * /admin/payments (X-OWN-3), read at each use: a save needs no restart.
 */
export interface Payments {
  provider: PaymentProvider;
  /** The Stripe SDK (a key set), else null. */
  stripe: Stripe | null;
  /** The webhook's signing secret, set with the key: both or no webhook. */
  webhookSecret: string | null;
  /** Test shop (X-OWN-3): the sandbox, or Stripe with a test key; no card is charged. */
  readonly testShop: boolean;
}

export function openPayments(
  config: PaymentsConfig & Pick<Env, "STRIPE_API_BASE">,
  clock: Clock,
  services?: ServiceSettings,
): Payments {
  const clients = new Map<string, Stripe>();
  const clientFor = (key: string) => {
    let client = clients.get(key);
    if (!client) {
      client = createStripeClient({
        STRIPE_SECRET_KEY: key,
        STRIPE_API_BASE: config.STRIPE_API_BASE,
      })!;
      // Only today's key and the one before are kept (a key rolled twice is gone).
      if (clients.size > 1) clients.clear();
      clients.set(key, client);
    }
    return client;
  };
  const keys = () => stripeKeysInUse(config, services);
  const stripeProvider: PaymentProvider = {
    name: "stripe",
    createSession: (...args) =>
      createStripeCheckoutSession(stripeOf(payments), ...args, clock.now()),
  };
  const mode = () => {
    const inUse = keys();
    // The environment's choice stands with the environment's keys; saved keys mean Stripe.
    if (inUse?.source === "saved") return "stripe";
    return paymentsMode(config);
  };
  const payments: Payments = {
    get provider() {
      return mode() === "stripe" ? stripeProvider : sandboxProvider;
    },
    get stripe() {
      const inUse = keys();
      return inUse ? clientFor(inUse.secretKey) : null;
    },
    get webhookSecret() {
      return keys()?.webhookSecret ?? null;
    },
    get testShop() {
      if (mode() !== "stripe") return true;
      const inUse = keys();
      return !inUse || keyMode(inUse.secretKey) !== "live";
    },
  };
  return payments;
}

/** Stripe's SDK, for a Stripe order or refund; a shop without a Stripe key cannot reach it. */
export function stripeOf(payments: Payments): Stripe {
  if (!payments.stripe) throw new Error("No Stripe key is set.");
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
