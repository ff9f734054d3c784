import { describe, expect, it } from "vitest";
import { clientKey, windowEnd } from "./rate-limit.server";

describe("rate-limit store", () => {
  it("X-SEC-5: IPv6 clients are counted by their /64, IPv4 by address", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("unknown")).toBe("unknown");
  });

  it("X-SHOP-4: every store counts in the same fixed windows", () => {
    expect(windowEnd(0, 60_000)).toBe(60_000);
    expect(windowEnd(61_000, 60_000)).toBe(120_000);
  });
});
