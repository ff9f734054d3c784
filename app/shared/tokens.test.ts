import { readFileSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loggablePath } from "~/security/log.server";
import { redactTokens, TOKEN_PATTERNS, TOKEN_ROUTES, tokensAreWellFormed } from "./tokens";

const b64 = (bytes: number) => randomBytes(bytes).toString("base64url");

/** A token each pattern accepts, made as the shop makes it. */
const GOOD: Record<keyof typeof TOKEN_PATTERNS, string> = {
  stockAlert: b64(24),
  ownerLink: b64(32),
  teamKey: b64(24),
  teamChoice: `${Buffer.from('{"productId":"gi","optionType":"Gi"}').toString("base64url")}.${b64(32)}`,
  review: `${randomUUID()}.${b64(32)}`,
  paymentSession: `cs_test_${b64(24)}`,
};
const nameOf = (pattern: RegExp) =>
  (Object.keys(TOKEN_PATTERNS) as (keyof typeof TOKEN_PATTERNS)[]).find(
    (name) => TOKEN_PATTERNS[name] === pattern,
  )!;

/** Every token route with its tokens filled in: good ones, or `bad` in place of `which`. */
function urlOf(route: (typeof TOKEN_ROUTES)[number], which?: string, bad?: string) {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const pattern = route.params?.[name];
    if (!pattern) return "some-slug";
    return encodeURIComponent(name === which ? bad! : GOOD[nameOf(pattern)]);
  });
  const query = new URLSearchParams();
  for (const [name, pattern] of Object.entries(route.query ?? {})) {
    query.set(name, name === which ? bad! : GOOD[nameOf(pattern)]);
  }
  return { path, search: query.toString() };
}

const BAD = ["\u0000", "a\u0000b", "%", "%00", "a b", "é", "x".repeat(2000), "..", ""];

describe("token routes (X-SEC-27)", () => {
  it("X-SEC-27: every :token route of app/routes.ts is a token route", () => {
    const routes = readFileSync("app/routes.ts", "utf8");
    const withTokens = [...routes.matchAll(/route\(\s*"([^"]*:token[^"]*)"/g)].map(
      (m) => `/${m[1]}`,
    );
    expect(withTokens.length).toBeGreaterThan(0);
    for (const path of withTokens) {
      expect(TOKEN_ROUTES.map((route) => route.path)).toContain(path);
    }
  });

  it("X-SEC-27: each route takes its tokens as the shop makes them, and refuses any other character or length", () => {
    for (const route of TOKEN_ROUTES) {
      const good = urlOf(route);
      expect(tokensAreWellFormed(good.path, good.search), route.path).toBe(true);
      expect(tokensAreWellFormed(`${good.path}.data`, good.search), route.path).toBe(true);
      for (const name of [...Object.keys(route.params ?? {}), ...Object.keys(route.query ?? {})]) {
        for (const bad of BAD) {
          // An empty path segment is another route; an empty query value is a wrong token.
          if (bad === "" && route.params?.[name]) continue;
          const { path, search } = urlOf(route, name, bad);
          expect(
            tokensAreWellFormed(path, search),
            `${route.path} ${name}=${JSON.stringify(bad.slice(0, 9))}`,
          ).toBe(false);
        }
        // A raw "%" (not an escape) and a NUL sent as it is.
        expect(
          tokensAreWellFormed(urlOf(route, name, "a").path.replace(/a$/, "%"), ""),
          route.path,
        ).toBe(!route.params?.[name]);
      }
    }
    // Query tokens are checked only when given; another route is left alone.
    expect(tokensAreWellFormed("/team/some-slug", "")).toBe(true);
    expect(tokensAreWellFormed("/team/some-slug", "key=a&key=b")).toBe(false);
    expect(tokensAreWellFormed("/product/gi/reviews", "review=%00")).toBe(true);
  });

  it("X-SEC-27: a logged path names the token, never gives it", () => {
    const token = GOOD.stockAlert;
    expect(redactTokens(`/stock-alerts/confirm/${token}`)).toBe("/stock-alerts/confirm/:token");
    expect(redactTokens(`/stock-alerts/unsubscribe/${token}.data`)).toBe(
      "/stock-alerts/unsubscribe/:token",
    );
    expect(loggablePath(`/admin/set-password/${GOOD.ownerLink}`)).toBe(
      "/admin/set-password/:token",
    );
    expect(loggablePath("/team/redcar-bjj")).toBe("/team/redcar-bjj");
    expect(loggablePath("/product/mens-grip-truth-bjj-gi")).toBe("/product/mens-grip-truth-bjj-gi");
  });
});
