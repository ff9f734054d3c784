import { describe, expect, it } from "vitest";
import { clientKey, MemoryRateLimitStore, windowEnd } from "./rate-limit.server";

describe("rate-limit store", () => {
  it("X-SHOP-4: counts hits per key in fixed windows", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(100, () => now);
    expect((await store.hit("a", 60_000)).count).toBe(1);
    expect((await store.hit("a", 60_000)).count).toBe(2);
    expect(await store.hit("b", 60_000)).toEqual({ count: 1, resetAt: 60_000 });
    now = 59_999;
    expect((await store.hit("a", 60_000)).count).toBe(3);
    now = 60_000;
    expect(await store.hit("a", 60_000)).toEqual({ count: 1, resetAt: 120_000 });
    expect(windowEnd(61_000, 60_000)).toBe(120_000);
  });

  it("X-SEC-5: never holds more than its bound, and expired counters go as new ones come", async () => {
    let now = 0;
    const store = new MemoryRateLimitStore(1000, () => now);
    for (let i = 0; i < 5000; i++) await store.hit(`flood-${i}`, 60_000);
    expect(store.size).toBe(1000);
    now = 60_000;
    // Every old counter has expired: each new hit clears expired ones from the front.
    for (let i = 0; i < 600; i++) await store.hit(`later-${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(1000);
    expect(store.size).toBeLessThan(1000 - 600 + 600);
  });

  it("X-SEC-5: each hit does constant work, however many keys are held", async () => {
    const store = new MemoryRateLimitStore(200_000, () => 0);
    for (let i = 0; i < 200_000; i++) await store.hit(`k${i}`, 60_000);
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) await store.hit(`n${i}`, 60_000);
    // A full scan per hit would take seconds; constant work takes milliseconds.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(store.size).toBe(200_000);
  });

  it("X-SEC-5: IPv6 clients are counted by their /64, IPv4 by address", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("unknown")).toBe("unknown");
  });
});
