import { isIP } from "node:net";

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
 * Counters in this process's memory, bounded (X-SEC-5): at most `maxKeys` keys. The map keeps
 * keys in the order their windows began, so expired counters are dropped from the front as new
 * ones arrive (O(1) per hit, never a full scan); when it is full of live counters, the oldest
 * is dropped. Enough for one process; shared stores live beside it.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.counters.size;
  }

  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const now = this.now();
    const current = this.counters.get(key);
    if (current && current.resetAt > now) {
      current.count += 1;
      return Promise.resolve({ ...current });
    }
    // A new window: re-insert at the back so the map stays ordered by window start.
    if (current) this.counters.delete(key);
    const fresh = { count: 1, resetAt: windowEnd(now, windowMs) };
    this.counters.set(key, fresh);
    this.evict(now);
    return Promise.resolve({ ...fresh });
  }

  private evict(now: number) {
    // Each hit removes at most two entries: expired ones first, then the oldest when over.
    for (let i = 0; i < 2; i++) {
      const oldest = this.counters.entries().next();
      if (oldest.done) return;
      const [key, entry] = oldest.value;
      if (entry.resetAt <= now || this.counters.size > this.maxKeys) this.counters.delete(key);
      else return;
    }
    while (this.counters.size > this.maxKeys) {
      const oldest = this.counters.keys().next();
      if (oldest.done) return;
      this.counters.delete(oldest.value);
    }
  }
}

let store: RateLimitStore | undefined;

/** The store every limiter counts in; the one line to change to share counters between processes. */
export function rateLimitStore(): RateLimitStore {
  store ??= new MemoryRateLimitStore();
  return store;
}

/** For tests: count in a store of their own. */
export function useRateLimitStore(next: RateLimitStore | undefined) {
  store = next;
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
  /** Hits allowed per window; a function so it can come from configuration. */
  limit: number | (() => number);
  windowMs?: number;
  /** The message when over the limit; `{seconds}` is replaced by the wait. */
  message: string | (() => string);
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfter: number; message: string };

/** Counts one request from `address` against `rule`. */
export async function takeRateLimit(rule: RateLimit, address: string): Promise<RateLimitVerdict> {
  const windowMs = rule.windowMs ?? 60_000;
  const limit = typeof rule.limit === "function" ? rule.limit() : rule.limit;
  const { count, resetAt } = await rateLimitStore().hit(
    `${rule.name}:${clientKey(address)}`,
    windowMs,
  );
  if (count <= limit) return { ok: true };
  const retryAfter = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  const message = typeof rule.message === "function" ? rule.message() : rule.message;
  return { ok: false, retryAfter, message: message.replace("{seconds}", String(retryAfter)) };
}
