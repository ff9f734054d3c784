import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("X-SHOP-4: RateLimiter", () => {
  it("allows the limit per window and per key, then refuses until the window passes", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.take("a"))).toEqual([true, true, true]);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.take("b")).toBe(true);
    now = 30_000;
    expect(limiter.retryAfterSeconds("a")).toBe(30);
    now = 60_000;
    expect(limiter.take("a")).toBe(true);
  });
});
