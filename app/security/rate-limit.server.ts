import { isIP } from "node:net";
import { createContext, type RouterContextProvider } from "react-router";
import type { Env } from "~/shared/settings";
import { logError } from "./log.server";

export interface RateLimitStore {
  /** Counts one hit for `key` in the fixed window of `windowMs` containing now; resolves to the
   *  hits so far in that window (this one included) and when the window ends (epoch ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
}

/** The fixed window of `windowMs` that contains `now`: every store counts in the same windows. */
export function windowEnd(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs + windowMs;
}

/**
 * The store every limiter counts in, built once by the composition root (app/server/): shared by
 * every process (Redis with REDIS_URL, otherwise the database's `rate_limit_hits` table;
 * X-SCALE-2), so two processes never allow twice the limit. A test hands in its own.
 */
export const rateLimitContext = createContext<RateLimitStore | null>(null);

export function rateLimitStoreFrom(context: Readonly<RouterContextProvider>): RateLimitStore {
  const store = context.get(rateLimitContext);
  if (!store) throw new Error("No rate-limit store in the request context.");
  return store;
}

/**
 * Whom a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * customer line usually gets a whole /64, so counting single addresses would let one client
 * pick a new one for every request).
 */
export function clientKey(address: string): string {
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
  if (isIP(plain) !== 6) return plain;
  const [head = "", tail = ""] = plain.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = plain.includes("::")
    ? [...headParts, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailParts]
    : headParts;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}

export interface RateLimit {
  /** Names the counter, so two limits never share one. */
  name: string;
  /** Hits allowed per window; a function so it can come from the shop's settings. */
  limit: number | ((settings: Env) => number);
  windowMs?: number;
  /** The message when over the limit; `{seconds}` is replaced by the wait. */
  message: string | ((settings: Env) => string);
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfter: number; message: string };

/**
 * Counts one request from `address` against `rule`. A store that cannot be reached lets the
 * request through (logged): a broken counter never closes the shop. The store decides the window
 * and when it ends (the database store by the database's clock, so every process counts in the
 * same windows; Redis by the shop's); the wait said is counted from `now` (ms), the shop's clock.
 */
export async function takeRateLimit(
  rule: RateLimit,
  address: string,
  store: RateLimitStore,
  settings: Env,
  now: number,
): Promise<RateLimitVerdict> {
  const windowMs = rule.windowMs ?? 60_000;
  const limit = typeof rule.limit === "function" ? rule.limit(settings) : rule.limit;
  let counted;
  try {
    counted = await store.hit(`${rule.name}:${clientKey(address)}`, windowMs);
  } catch (error) {
    logError(`Rate limit ${rule.name} could not be counted`, error);
    return { ok: true };
  }
  const { count, resetAt } = counted;
  if (count <= limit) return { ok: true };
  const retryAfter = Math.max(1, Math.ceil((resetAt - now) / 1000));
  const message = typeof rule.message === "function" ? rule.message(settings) : rule.message;
  return { ok: false, retryAfter, message: message.replace("{seconds}", String(retryAfter)) };
}
