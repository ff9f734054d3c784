import { describe, expect, it } from "vitest";
import { parseEnv, parseTrustProxy } from "~/env.server";
import { paymentsMode, paymentsStartupProblem } from "~/payments/provider.server";

describe("configuration", () => {
  it("X-SEC-4: TRUST_PROXY is a hop count or an address list, never 'every hop'", () => {
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("2")).toBe(2);
    // `true` used to trust every hop (any client could choose its address): now one hop.
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("10.0.0.1, 10.1.0.0/16, loopback, fd00::/8")).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "loopback",
      "fd00::/8",
    ]);
    expect(parseTrustProxy("everyone")).toBeUndefined();
    expect(() => parseEnv({ TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
  });

  it("X-SEC-1: an https shop without Stripe keys must say PAYMENTS=sandbox to start", () => {
    const base = {
      PAYMENTS: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      PUBLIC_URL: undefined,
    };
    // A fresh clone: no configuration, the sandbox, starts.
    expect(paymentsStartupProblem(base)).toBeUndefined();
    expect(paymentsMode(base)).toBe("sandbox");
    const https = { ...base, PUBLIC_URL: "https://griptruth.co.uk" };
    expect(paymentsStartupProblem(https)).toMatch(/PAYMENTS=sandbox/);
    expect(paymentsStartupProblem({ ...https, PAYMENTS: "sandbox" as const })).toBeUndefined();
    const stripe = { ...https, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(paymentsStartupProblem(stripe)).toBeUndefined();
    expect(paymentsMode(stripe)).toBe("stripe");
    expect(paymentsStartupProblem({ ...base, PAYMENTS: "stripe" as const })).toMatch(
      /STRIPE_SECRET_KEY/,
    );
    expect(() => parseEnv({ PAYMENTS: "paypal" })).toThrow(/PAYMENTS/);
  });
});
