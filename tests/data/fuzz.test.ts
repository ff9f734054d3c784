// X-SEC-3: generated bodies (JSON, forms, multipart, raw bytes, with control characters, huge
// numbers, deep nesting and wrong types) to every route that accepts a body: never a 5xx, and
// always a JSON {error} (API routes) or the page's own {error} when refused.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "./shop";
import * as cartPrices from "~/routes/api.cart-prices";
import * as checkout from "~/routes/api.create-checkout-session";
import * as discounts from "~/routes/api.discounts.validate";
import * as enquiries from "~/routes/api.enquiries";
import * as reviews from "~/routes/api.product-reviews";
import * as uploads from "~/routes/api.uploads";
import * as verify from "~/routes/api.verify-order";
import * as webhook from "~/routes/api.webhooks.stripe";
import * as customisation from "~/routes/customisation";
import * as payment from "~/routes/payment";
import * as returnsRequest from "~/routes/returns-request";
import * as tracking from "~/routes/tracking";
import * as cartApi from "~/routes/api.cart";
import * as cartPage from "~/routes/cart";
import * as checkoutPage from "~/routes/checkout";
import { call } from "./helpers";

type Route = {
  name: string;
  action: (args: never) => unknown;
  url: string;
  params?: Record<string, string>;
  fields: string[];
};

const ROUTES: Route[] = [
  {
    name: "create-checkout-session",
    action: checkout.action,
    url: "/api/create-checkout-session",
    fields: ["cartItems", "discountCode", "shippingMethod"],
  },
  ...[
    { name: "cart (forms)", action: cartPage.action, url: "/cart" },
    { name: "cart (script)", action: cartApi.action, url: "/api/cart" },
  ].map((route) => ({
    ...route,
    // Issue 25: the cart's form fields (X-PE-1).
    fields: ["intent", "productId", "optionType", "size", "beltRank", "color", "customText", "nameCustomisation", "quantity", "line", "code", "lines", "returnTo"],
  })),
  { name: "checkout (forms)", action: checkoutPage.action, url: "/checkout", fields: ["intent", "code", "shippingMethod"] },
  { name: "cart-prices", action: cartPrices.action, url: "/api/cart/prices", fields: ["cartItems"] },
  { name: "discounts", action: discounts.action, url: "/api/discounts/validate", fields: ["code"] },
  { name: "verify-order", action: verify.action, url: "/api/verify-order", fields: ["sessionId"] },
  { name: "webhook", action: webhook.action, url: "/api/webhooks/stripe", fields: ["type", "data"] },
  {
    name: "reviews",
    action: reviews.action,
    url: "/api/products/mens-ranked-gorilla-no-gi-set/reviews",
    params: { productId: "mens-ranked-gorilla-no-gi-set" },
    fields: ["customer_name", "customer_email", "rating", "review_text", "photo_urls", "review_token", "website"],
  },
  { name: "uploads", action: uploads.action, url: "/api/uploads", fields: ["file"] },
  {
    name: "enquiries",
    action: enquiries.action,
    url: "/api/enquiries",
    fields: ["name", "email", "academy", "garmentTypes", "quantity", "message", "website"],
  },
  {
    name: "payment",
    action: payment.action,
    url: "/payment?session_id=cs_test_fuzz",
    fields: ["firstName", "lastName", "email", "phone", "address", "city", "postcode", "cardNumber", "cardName", "expiryDate", "cvv", "sameAsShipping"],
  },
  { name: "tracking", action: tracking.action, url: "/tracking", fields: ["order", "email"] },
  {
    name: "returns-request",
    action: returnsRequest.action,
    url: "/returns/request",
    fields: ["intent", "orderNumber", "email", "lineId", "reason"],
  },
  {
    name: "customisation",
    action: customisation.action,
    url: "/customisation",
    fields: ["name", "email", "academy", "garmentTypes", "quantity", "message"],
  },
];

const nasty = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\u001b[31m", "\u202e", "\ud800", "GT-10001", "SAVE10", "cs_test_x", "x@y.co", "add", "update", "merge", "discount", "pay"),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`),
);
const hugeNumber = fc.oneof(
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -1, 0, 0.5, 1e21),
  fc.integer(),
  fc.double(),
);
const { deep } = fc.letrec((tie) => ({
  deep: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nasty,
    hugeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("deep"), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("deep"), { maxKeys: 3 }),
  ),
}));
const nested = (depth: number): unknown => (depth === 0 ? "x" : { a: [nested(depth - 1)] });

/** A JSON body: the route's own fields with wrong or hostile values, or anything at all. */
function jsonBody(route: Route) {
  return fc.oneof(
    fc.record(
      Object.fromEntries(route.fields.map((field) => [field, deep])),
      { requiredKeys: [] },
    ),
    fc.jsonValue(),
    fc.constant(nested(5000)),
    fc.constant({ cartItems: [{ productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", size: "L", beltRank: "Blue", quantity: 1e308 }] }),
  ).map((value) => {
    try {
      return JSON.stringify(value) ?? "null";
    } catch {
      return "[]";
    }
  });
}

function formBody(route: Route) {
  return fc.record(Object.fromEntries(route.fields.map((field) => [field, nasty])), {
    requiredKeys: [],
  });
}

type Body = { headers: Record<string, string>; body: BodyInit | undefined };

function bodies(route: Route): fc.Arbitrary<Body> {
  return fc.oneof(
    jsonBody(route).map((body) => ({ headers: { "content-type": "application/json" }, body })),
    formBody(route).map((fields) => ({
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields as Record<string, string>).toString(),
    })),
    fc.tuple(formBody(route), fc.uint8Array({ maxLength: 200 })).map(([fields, bytes]) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.append(key, value as string);
      form.append("file", new Blob([bytes]), "x.png");
      return { headers: {}, body: form };
    }),
    fc
      .tuple(
        fc.constantFrom(
          "multipart/form-data; boundary=zz",
          "multipart/form-data",
          "text/plain",
          "application/json",
          "application/x-www-form-urlencoded",
          "",
        ),
        fc.uint8Array({ maxLength: 300 }),
      )
      .map(
        ([type, bytes]): Body => ({
          headers: type ? { "content-type": type } : {},
          body: new Uint8Array(bytes),
        }),
      ),
  );
}

let client = 0;

async function send(route: Route, { headers, body }: Body) {
  try {
    return await call(
      route.action,
      route.url,
      { method: "POST", headers: { ...headers, "x-client-address": `fuzz-${++client}` }, body },
      route.params,
    );
  } catch (thrown) {
    // A page action redirects by throwing a Response.
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) return thrown;
    throw thrown;
  }
}

describe("X-SEC-3: fuzzing every body-taking route", () => {
  beforeAll(async () => {
    await testDb();
  });

  for (const route of ROUTES) {
    it(`X-SEC-3: ${route.name} never answers 5xx, and refusals carry {error}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodies(route), async (body) => {
          const response = await send(route, body);
          expect(response.status, `${route.name}`).toBeLessThan(500);
          if (response.status >= 400) {
            const answer = (await response.json()) as { error?: unknown };
            expect(typeof answer.error).toBe("string");
          }
        }),
        { numRuns: 50 },
      );
    }, 120_000);
  }
});
