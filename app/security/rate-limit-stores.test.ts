import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import {
  createRateLimitStore,
  type RedisMulti,
  RedisRateLimitStore,
} from "./rate-limit-stores.server";
import { takeRateLimit } from "./rate-limit.server";

/** Redis's INCR and PEXPIRE, kept in a map, with the commands each MULTI sent. */
function fakeRedis() {
  const counts = new Map<string, number>();
  const sent: string[][] = [];
  return {
    sent,
    client: {
      multi(): RedisMulti {
        const queued: (() => unknown)[] = [];
        const commands: string[] = [];
        const multi: RedisMulti = {
          incr(key) {
            commands.push(`INCR ${key}`);
            queued.push(() => {
              counts.set(key, (counts.get(key) ?? 0) + 1);
              return counts.get(key);
            });
            return multi;
          },
          pExpire(key, ms) {
            commands.push(`PEXPIRE ${key} ${ms}`);
            queued.push(() => 1);
            return multi;
          },
          async exec() {
            sent.push(commands);
            return queued.map((run) => run());
          },
        };
        return multi;
      },
    },
  };
}

describe("RedisRateLimitStore", () => {
  it("X-SCALE-2: counts a key per fixed window with INCR and PEXPIRE in one MULTI", async () => {
    const redis = fakeRedis();
    let now = 120_500;
    const store = new RedisRateLimitStore(
      async () => redis.client,
      "t:",
      () => now,
    );
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetAt: 180_000 });
    expect(await store.hit("a", 60_000)).toEqual({ count: 2, resetAt: 180_000 });
    expect(redis.sent[0]).toEqual(["INCR t:a:60000:120000", "PEXPIRE t:a:60000:120000 61000"]);
    now = 180_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetAt: 240_000 });
  });

  it("X-SCALE-2: takeRateLimit refuses past the limit and lets requests through when the store fails", async () => {
    const redis = fakeRedis();
    const now = 120_500;
    const store = new RedisRateLimitStore(
      async () => redis.client,
      "t:",
      () => now,
    );
    const decisions = [];
    const rule = { name: "b", limit: 2, message: "wait {seconds}" };
    const settings = parseEnv({});
    for (let n = 0; n < 3; n++)
      decisions.push(await takeRateLimit(rule, "192.0.2.1", store, settings, now));
    expect(decisions.map((d) => d.ok)).toEqual([true, true, false]);
    const refused = decisions[2]!;
    // The window ends at 180 000 ms: 59.5 seconds from the clock's now, said as 60.
    expect(!refused.ok && refused.retryAfter).toBe(60);
    const broken = new RedisRateLimitStore(
      async () => {
        throw new Error("Redis is away");
      },
      "t:",
      () => now,
    );
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(
        (await takeRateLimit({ ...rule, limit: 1 }, "192.0.2.2", broken, settings, now)).ok,
      ).toBe(true);
    } finally {
      console.error = original;
    }
  });

  it("X-SCALE-2 (review item 12): the Redis keys start with REDIS_PREFIX (default grip-truth:)", async () => {
    const redis = fakeRedis();
    const connect = () => ({ client: async () => redis.client, close: async () => {} });
    const db = undefined as unknown as Parameters<typeof createRateLimitStore>[0];
    const clock = { now: () => new Date(120_500) };
    const shared = createRateLimitStore(
      db,
      parseEnv({ REDIS_URL: "redis://127.0.0.1:6379", REDIS_PREFIX: "shop-b:" }),
      clock,
      connect,
    );
    await shared.store.hit("sign-in:192.0.2.1", 60_000);
    const byDefault = createRateLimitStore(
      db,
      parseEnv({ REDIS_URL: "redis://127.0.0.1:6379" }),
      clock,
      connect,
    );
    await byDefault.store.hit("sign-in:192.0.2.1", 60_000);
    expect(redis.sent[0]![0]).toMatch(/^INCR shop-b:rl:sign-in:192\.0\.2\.1:60000:\d+$/);
    expect(redis.sent[1]![0]).toMatch(/^INCR grip-truth:rl:sign-in:192\.0\.2\.1:60000:\d+$/);
    expect(() => parseEnv({ REDIS_PREFIX: "a b" })).toThrow(/REDIS_PREFIX/);
  });
});
