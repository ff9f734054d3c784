import { afterEach, describe, expect, it } from "vitest";
import { action as validate } from "~/routes/api.discounts.validate";
import { action as cartApi } from "~/routes/api.cart";
import { action as cartPage } from "~/routes/cart";
import { action as checkoutPage } from "~/routes/checkout";
import { QUOTAS } from "~/security/quotas.server";
import { call, countLimitsIn, frozenWindow, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";

// Issue 36 item 7 (X-SEC-19): a discount code tried through the cart counts against the same
// per-address limit as /api/discounts/validate, so the cart's 240 a minute is no way around it.

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return body;
}

const from = (address: string) => ({ "x-client-address": address });

function tryInCart(code: string, address: string, route: typeof cartPage | typeof cartApi = cartPage) {
  const path = route === cartPage ? "/cart" : "/api/cart";
  return call(route, path, {
    method: "POST",
    body: form({ intent: "discount", code }),
    headers: from(address),
  });
}

afterEach(() => countLimitsIn(undefined));

describe(`discount attempts share one limit (${TEST_DRIVER})`, () => {
  it("X-SEC-19: 60 codes tried through POST /cart, then the next through the cart, its script, the checkout or the API is a 429", async () => {
    countLimitsIn(frozenWindow());
    const address = "203.0.113.19";
    expect(QUOTAS.discountCheck.limit).toBe(60);
    for (let n = 0; n < 60; n++) {
      const answer = await tryInCart(`GUESS${n}`, address);
      expect(answer.status).toBe(404);
    }
    const throughCart = await tryInCart("GUESS60", address);
    expect(throughCart.status).toBe(429);
    expect(throughCart.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await throughCart.json()) as { error: string }).error).toMatch(
      /^Too many discount code checks\. Please wait \d+ seconds and try again\.$/,
    );
    expect((await tryInCart("GUESS61", address, cartApi)).status).toBe(429);
    const checkout = await call(checkoutPage, "/checkout", {
      method: "POST",
      body: form({ intent: "discount", code: "GUESS62" }),
      headers: from(address),
    });
    expect(checkout.status).toBe(429);
    const api = await call(validate, "/api/discounts/validate", postJson({ code: "GUESS63" }, from(address)));
    expect(api.status).toBe(429);

    // Another address is not held back; clearing the code is not an attempt.
    expect((await tryInCart("GUESS64", "203.0.113.20")).status).toBe(404);
    const cleared = await call(cartApi, "/api/cart", {
      method: "POST",
      body: form({ intent: "discount", code: "" }),
      headers: from(address),
    });
    expect(cleared.status).toBe(200);
  });

  it("X-SEC-19: attempts through the API count too: 60 there, then the cart's next is a 429", async () => {
    countLimitsIn(frozenWindow());
    const address = "203.0.113.21";
    for (let n = 0; n < 60; n++) {
      const answer = await call(validate, "/api/discounts/validate", postJson({ code: `API${n}` }, from(address)));
      expect(answer.status).toBe(404);
    }
    expect((await tryInCart("API60", address)).status).toBe(429);
  });
});
