import { canonicalOrigin } from "~/security/origin.server";
import type { Env } from "~/server/env.server";
import { paymentsStartupLine, paymentsStartupProblem } from "~/payments/provider.server";

export interface ServerSettings {
  /** Express's `trust proxy`: false, a hop count, or a list of addresses (X-SEC-4). */
  trustProxy: false | number | string[];
  /** Lines to log at start. */
  notes: string[];
}

/**
 * What the server program (app/server/main.server.ts) needs before it listens, from the validated configuration; throws with a
 * message for the operator when the shop must not start (X-SEC-1: an https shop without Stripe
 * keys unless PAYMENTS=sandbox says so).
 */
export function serverSettings(config: Env): ServerSettings {
  const problem = paymentsStartupProblem(config);
  if (problem) throw new Error(`The shop will not start: ${problem}`);
  const notes = [paymentsStartupLine(config)];
  if (!config.PUBLIC_URL) {
    notes.push(
      `PUBLIC_URL is not set: links in pages and e-mails point to ${canonicalOrigin(config)}. Set PUBLIC_URL to the shop's public address.`,
    );
  }
  return { trustProxy: config.TRUST_PROXY, notes };
}
