import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { parseTrustProxy } from "~/shared/settings";
import { paymentsMode, paymentsStartupProblem } from "~/payments/provider.server";
import { serverSettings } from "~/server/startup.server";

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
    // Outside production (the dev server) no configuration means the sandbox.
    expect(paymentsStartupProblem({ ...base, NODE_ENV: "development" as const })).toBeUndefined();
    expect(paymentsMode(base)).toBe("sandbox");
    const https = {
      ...base,
      NODE_ENV: "development" as const,
      PUBLIC_URL: "https://griptruth.co.uk",
    };
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

  it("X-SEC-1 (review item 10): in production PAYMENTS must be set, and the Stripe keys come in pairs", () => {
    const none = {
      PAYMENTS: undefined,
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
      PUBLIC_URL: undefined,
    };
    // NODE_ENV=production is the default: unset means production.
    for (const NODE_ENV of [undefined, "production" as const]) {
      const production = { ...none, NODE_ENV };
      expect(paymentsStartupProblem(production)).toMatch(/PAYMENTS is not set.*PAYMENTS=sandbox/);
      expect(paymentsStartupProblem({ ...production, PUBLIC_URL: "http://shop.example" })).toMatch(
        /PAYMENTS is not set/,
      );
      expect(
        paymentsStartupProblem({ ...production, PAYMENTS: "sandbox" as const }),
      ).toBeUndefined();
      expect(
        paymentsStartupProblem({
          ...production,
          PAYMENTS: "stripe" as const,
          STRIPE_SECRET_KEY: "sk_live_x",
          STRIPE_WEBHOOK_SECRET: "whsec_x",
        }),
      ).toBeUndefined();
    }
    // One Stripe key without the other stops the shop, whatever PAYMENTS and NODE_ENV say.
    for (const PAYMENTS of [undefined, "sandbox" as const, "stripe" as const]) {
      for (const NODE_ENV of ["production" as const, "development" as const]) {
        expect(
          paymentsStartupProblem({ ...none, NODE_ENV, PAYMENTS, STRIPE_SECRET_KEY: "sk_live_x" }),
        ).toMatch(/STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET/);
        expect(
          paymentsStartupProblem({ ...none, NODE_ENV, PAYMENTS, STRIPE_WEBHOOK_SECRET: "whsec_x" }),
        ).toMatch(/STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY/);
      }
    }
    // The server program stops on the problem with the message.
    expect(() => serverSettings(parseEnv({}))).toThrow(
      /The shop will not start: PAYMENTS is not set/,
    );
    expect(serverSettings(parseEnv({ PAYMENTS: "sandbox" })).notes[0]).toMatch(/Payments: sandbox/);
  });

  it("X-SEC-14: the request and header timeouts have defaults, and headers cannot outlast the request", () => {
    expect(parseEnv({})).toMatchObject({ REQUEST_TIMEOUT_MS: 30_000, HEADERS_TIMEOUT_MS: 15_000 });
    expect(parseEnv({ REQUEST_TIMEOUT_MS: "1500", HEADERS_TIMEOUT_MS: "1000" })).toMatchObject({
      REQUEST_TIMEOUT_MS: 1500,
      HEADERS_TIMEOUT_MS: 1000,
    });
    expect(() => parseEnv({ REQUEST_TIMEOUT_MS: "1000", HEADERS_TIMEOUT_MS: "2000" })).toThrow(
      /HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS/,
    );
  });
});
