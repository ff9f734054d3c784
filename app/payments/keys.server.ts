import Stripe from "stripe";
import type { ServiceSettings } from "~/security/service-settings.server";
import type { Env } from "~/shared/settings";
import { done, problem, type Result } from "~/shared/problems";
import { createStripeClient } from "./stripe.server";

/**
 * Stripe's keys from the back office (X-OWN-3): the secret key and the webhook's signing secret,
 * typed on /admin/payments, sealed (security/sealed.server.ts), shown as their last four
 * characters, and saved only once Stripe has accepted the key. STRIPE_SECRET_KEY in the
 * environment wins when set (the page says so, and can check that key too). The launch
 * checklist's "Real payments" is ticked by a live key Stripe accepted, not by a variable.
 */

export type StripeKeysConfig = Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">;

export interface StripeKeysInUse {
  source: "environment" | "saved";
  secretKey: string;
  webhookSecret: string | null;
}

/** What a check with Stripe found. */
export interface StripeCheck {
  at: string;
  mode: "test" | "live";
  keyLast4: string;
}

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]{4,}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9_+/=]{4,}$/;

export function keyMode(key: string): "test" | "live" {
  return /^(sk|rk)_live_/.test(key) ? "live" : "test";
}

const last4 = (secret: string) => secret.slice(-4);

/** The keys payments use now: the environment's, else the saved ones this key can open. */
export function stripeKeysInUse(
  config: StripeKeysConfig,
  services: ServiceSettings | undefined,
): StripeKeysInUse | undefined {
  if (config.STRIPE_SECRET_KEY) {
    return {
      source: "environment",
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    };
  }
  const row = services?.get("stripe");
  const { secretKey, webhookSecret } = row?.secrets ?? {};
  if (!row || row.unreadable || !secretKey || !webhookSecret) return undefined;
  return { source: "saved", secretKey, webhookSecret };
}

/** What /admin/payments shows. */
export interface StripeKeysState {
  source: "environment" | "saved" | "none";
  /** The key in use's mode; null without one. */
  mode: "test" | "live" | null;
  secretLast4: string | null;
  webhookLast4: string | null;
  /** Saved keys this machine's key cannot open (typed again to use them). */
  unreadable: boolean;
  /** The last check Stripe passed for the key in use. */
  checked: StripeCheck | null;
}

function checkOf(value: unknown, key: string): StripeCheck | null {
  const check = value as StripeCheck | undefined;
  return check && check.keyLast4 === last4(key) && check.mode === keyMode(key) ? check : null;
}

export function stripeKeysState(
  config: StripeKeysConfig,
  services: ServiceSettings,
): StripeKeysState {
  const inUse = stripeKeysInUse(config, services);
  const row = services.get("stripe");
  if (!inUse) {
    return {
      source: "none",
      mode: null,
      secretLast4: null,
      webhookLast4: null,
      unreadable: Boolean(row?.unreadable),
      checked: null,
    };
  }
  return {
    source: inUse.source,
    mode: keyMode(inUse.secretKey),
    secretLast4: last4(inUse.secretKey),
    webhookLast4: inUse.webhookSecret ? last4(inUse.webhookSecret) : null,
    unreadable: false,
    checked: checkOf(
      inUse.source === "saved" ? row?.value.check : row?.value.environmentCheck,
      inUse.secretKey,
    ),
  };
}

/** "Real payments" on the launch checklist: a live key in use that Stripe accepted. */
export function realPaymentsReady(config: StripeKeysConfig, services: ServiceSettings): boolean {
  const state = stripeKeysState(config, services);
  return state.mode === "live" && state.checked !== null;
}

/** Asks Stripe whether it takes `secretKey` (its balance, which every key may read). */
async function askStripe(
  config: Pick<Env, "STRIPE_API_BASE">,
  secretKey: string,
  at: Date,
): Promise<Result<StripeCheck>> {
  const client = createStripeClient({
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_API_BASE: config.STRIPE_API_BASE,
  })!;
  try {
    const balance = await client.balance.retrieve();
    const mode = keyMode(secretKey);
    if (balance.livemode !== (mode === "live")) {
      return problem(
        "invalid_input",
        `Stripe answered in ${balance.livemode ? "live" : "test"} mode for a ${mode} key: check the key.`,
        { extra: { field: "stripeSecretKey" } },
      );
    }
    return done({ at: at.toISOString(), mode, keyLast4: last4(secretKey) });
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeAuthenticationError ||
      error instanceof Stripe.errors.StripePermissionError
    ) {
      return problem("invalid_input", `Stripe refused the key: ${error.message}`, {
        extra: { field: "stripeSecretKey" },
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return problem(
      "provider_failed",
      `Stripe could not be asked (${message}). Nothing was saved: try again in a moment.`,
      {
        extra: { field: "stripeSecretKey" },
      },
    );
  }
}

/**
 * Saves the keys typed on /admin/payments once Stripe accepts the secret key; a field left empty
 * keeps the saved key. Both must be there in the end.
 */
export async function saveStripeKeys(
  config: Pick<Env, "STRIPE_API_BASE">,
  services: ServiceSettings,
  form: Record<string, string>,
  actor: string,
  now: Date,
): Promise<Result<{ message: string }>> {
  const typedKey = (form.stripeSecretKey ?? "").trim();
  const typedWebhook = (form.stripeWebhookSecret ?? "").trim();
  const row = services.get("stripe");
  const kept = row && !row.unreadable ? row.secrets : {};
  const secretKey = typedKey || kept.secretKey || "";
  const webhookSecret = typedWebhook || kept.webhookSecret || "";
  if (!SECRET_KEY.test(secretKey)) {
    return problem(
      "invalid_input",
      secretKey
        ? "Secret key: Stripe's secret keys start sk_test_ or sk_live_ (Developers, API keys)."
        : "Secret key: paste the secret key from Stripe's dashboard (Developers, API keys).",
      { extra: { field: "stripeSecretKey" } },
    );
  }
  if (!WEBHOOK_SECRET.test(webhookSecret)) {
    return problem(
      "invalid_input",
      "Webhook signing secret: it starts whsec_ (Developers, Webhooks, your endpoint, Signing secret).",
      { extra: { field: "stripeWebhookSecret" } },
    );
  }
  const checked = await askStripe(config, secretKey, now);
  if (!checked.ok) return checked;
  await services.save(
    "stripe",
    {
      value: {
        secretLast4: last4(secretKey),
        webhookLast4: last4(webhookSecret),
        mode: checked.data.mode,
        check: checked.data,
        ...(row?.value.environmentCheck ? { environmentCheck: row.value.environmentCheck } : {}),
      },
      secrets: { secretKey, webhookSecret },
    },
    actor,
  );
  return done({
    message:
      checked.data.mode === "live"
        ? "Stripe accepted the live key: the shop takes real payments from now on, without a restart."
        : "Stripe accepted the test key: checkouts go through Stripe in test mode (no card is charged) from now on.",
  });
}

/** Checks the environment's STRIPE_SECRET_KEY with Stripe and records what it found. */
export async function checkEnvironmentKey(
  config: StripeKeysConfig & Pick<Env, "STRIPE_API_BASE">,
  services: ServiceSettings,
  now: Date,
): Promise<Result<{ message: string }>> {
  if (!config.STRIPE_SECRET_KEY) {
    return problem(
      "invalid_input",
      "STRIPE_SECRET_KEY is not set: enter the keys on this page instead.",
    );
  }
  const checked = await askStripe(config, config.STRIPE_SECRET_KEY, now);
  if (!checked.ok) return checked;
  await services.note("stripe", {
    ...(services.get("stripe")?.value ?? {}),
    environmentCheck: checked.data,
  });
  return done({ message: `Stripe accepted the environment's ${checked.data.mode} key.` });
}
