import { env } from "~/env.server";
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

export function paymentProvider(): PaymentProvider {
  return env().STRIPE_SECRET_KEY ? stripeProvider : sandboxProvider;
}
