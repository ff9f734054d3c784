import { lt, sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import { rateLimitHits } from "./schema";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";
import { type RateLimitStore, windowEnd } from "./rate-limit.server";

/**
 * Counts in the `rate_limit_hits` table (PostgreSQL or PGlite): one upsert per hit, the window
 * taken from the database's clock so every process agrees on it. Ended windows are deleted by
 * `sweepRateLimits` (a background job), so the table holds at most the live windows.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const start = sql`(floor(extract(epoch from now()) * 1000 / ${windowMs}) * ${windowMs})::bigint`;
    const [row] = await this.db
      .insert(rateLimitHits)
      .values({ key, windowStart: start, windowEnd: sql`${start} + ${windowMs}`, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitHits.key, rateLimitHits.windowStart],
        set: { count: sql`${rateLimitHits.count} + 1` },
      })
      .returning({ count: rateLimitHits.count, resetAt: rateLimitHits.windowEnd });
    if (!row) throw new Error("The rate-limit upsert returned no row.");
    return { count: row.count, resetAt: Number(row.resetAt) };
  }
}

/** Deletes the counters of windows that have ended; answers how many went. */
export async function sweepRateLimits(db: Database): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowEnd, sql`(extract(epoch from now()) * 1000)::bigint`))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}

/** The few Redis commands the store needs (node-redis's client has them). */
export interface RedisMulti {
  incr(key: string): RedisMulti;
  pExpire(key: string, ms: number): RedisMulti;
  exec(): Promise<unknown[]>;
}
export interface RedisLike {
  multi(): RedisMulti;
}

/**
 * Counts in Redis: INCR and PEXPIRE of the window's key in one MULTI, so the count and its expiry
 * are set together and Redis removes ended windows by itself.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: () => Promise<RedisLike>,
    private readonly prefix: string,
    /** The shop's clock (ms): the windows are counted from it. */
    private readonly now: () => number,
  ) {}

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    const resetAt = windowEnd(this.now(), windowMs);
    const start = resetAt - windowMs;
    const redisKey = `${this.prefix}${key}:${windowMs}:${start}`;
    const client = await this.client();
    const [count] = await client
      .multi()
      .incr(redisKey)
      .pExpire(redisKey, windowMs + 1_000)
      .exec();
    return { count: Number(count), resetAt };
  }
}

/** How long a Redis count may take before the database counts instead. */
export const REDIS_ANSWER_MS = 1_000;

/**
 * Redis, with the database behind it (issue 40): while Redis does not answer (stopped,
 * restarting, unreachable) each hit is counted in the database instead, so no limit is switched
 * off; the first failure and the return are logged once each. A window's count starts again in
 * the store that takes over, so during a switch an address can get at most one window's limit
 * more.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private down = false;
  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly log: (message: string) => void = console.error,
    private readonly answerMs = REDIS_ANSWER_MS,
  ) {}

  /** Whether the last hit was counted in the database because Redis did not answer. */
  get fallingBack(): boolean {
    return this.down;
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const result = await Promise.race([
        this.primary.hit(key, windowMs),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer in ${this.answerMs} ms`)),
            this.answerMs,
          );
        }),
      ]);
      if (this.down) {
        this.down = false;
        this.log("Redis answers again: rate limits are counted in Redis.");
      }
      return result;
    } catch (error) {
      if (!this.down) {
        this.down = true;
        const reason = error instanceof Error ? error.message : String(error);
        this.log(
          `Redis does not answer (${reason}): rate limits are counted in the database until it does.`,
        );
      }
      return this.fallback.hit(key, windowMs);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A Redis connection opened on first use, and closed with the shop. */
export function lazyRedis(url: string): {
  client: () => Promise<RedisLike>;
  close: () => Promise<void>;
} {
  let redis: Promise<RedisLike> | undefined;
  const client = () => {
    redis ??= (async () => {
      const { createClient } = await import("redis");
      const opened = createClient({
        url,
        // While Redis is away a command fails at once instead of waiting in a queue: the
        // limits are then counted in the database (FallbackRateLimitStore).
        disableOfflineQueue: true,
        socket: {
          connectTimeout: 3_000,
          reconnectStrategy: (retries) => Math.min(retries * 200, 3_000),
        },
      });
      opened.on("error", (error: Error) => console.error("Redis:", error.message));
      await opened.connect();
      return opened as unknown as RedisLike;
    })().catch((error: unknown) => {
      redis = undefined;
      throw error;
    });
    return redis;
  };
  const close = async () => {
    const open = redis;
    redis = undefined;
    if (!open) return;
    const opened = (await open.catch(() => undefined)) as
      { close?: () => Promise<void> } | undefined;
    await opened?.close?.().catch(() => undefined);
  };
  return { client, close };
}

/**
 * The process's rate-limit store, built by the composition root: Redis when REDIS_URL is set,
 * otherwise the shop's database; shared by every process either way.
 */
export function createRateLimitStore(
  db: Database,
  config: Pick<Env, "REDIS_URL" | "REDIS_PREFIX">,
  clock: Clock,
  connect: typeof lazyRedis = lazyRedis,
): { store: RateLimitStore; close: () => Promise<void> } {
  if (!config.REDIS_URL) return { store: new DatabaseRateLimitStore(db), close: async () => {} };
  const redis = connect(config.REDIS_URL);
  // Every key under REDIS_PREFIX, so shops (or a staging copy) can share one Redis.
  return {
    store: new FallbackRateLimitStore(
      new RedisRateLimitStore(redis.client, `${config.REDIS_PREFIX}rl:`, () =>
        clock.now().getTime(),
      ),
      new DatabaseRateLimitStore(db),
    ),
    close: redis.close,
  };
}
