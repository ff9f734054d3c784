import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOwner } from "~/owners/owners.server";
import { loader as teamPage } from "~/routes/team";
import { loader as teamApi } from "~/routes/api.teams";
import { action as teamCheckoutAction, loader as teamCheckout } from "~/routes/team-checkout";
import { loader as rosterCsv } from "~/routes/team-organiser-roster";
import { action as productApiAction, loader as productApi } from "~/routes/api.admin.product";
import { loader as productsApi } from "~/routes/api.admin.products";
import { loader as productsPage } from "~/routes/admin.products";
import { loader as productPage } from "~/routes/admin.product";
import { loader as adminTeam } from "~/routes/admin.team";
import { loader as adminTeamApi } from "~/routes/api.admin.team";
import { action as webhook } from "~/routes/api.webhooks.stripe";
import { signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";
import { testDb, useTestSettings } from "./shop";

// Issue 36 item 5 (X-SEC-18): a NUL or any other malformed id in a path or a search is a 400 or
// 404 with nothing from the database in the log, and a signed webhook without its object is a 400.

const WEBHOOK_SECRET = "whsec_bad_ids";
useTestSettings({
  STRIPE_SECRET_KEY: "sk_test_bad_ids",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  // Never asked: every request here is refused before the provider is needed.
  STRIPE_API_BASE: "http://127.0.0.1:9",
});

type Handler = Parameters<typeof call>[0];

/** The status React Router would answer: a returned or thrown Response, or a thrown data(). */
async function statusOf(
  handler: Handler,
  url: string,
  init: RequestInit = {},
  params: Record<string, string> = {},
): Promise<number> {
  try {
    return (await call(handler, url, init, params)).status;
  } catch (thrown) {
    if (thrown && typeof thrown === "object" && "type" in thrown && thrown.type === "DataWithResponseInit") {
      return (thrown as { init?: ResponseInit }).init?.status ?? 200;
    }
    throw thrown;
  }
}

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  for (const level of ["error", "warn", "log"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
});
afterEach(() => vi.restoreAllMocks());

const BAD = ["\u0000", "a\u0000b", "NOT A SLUG", "x".repeat(300), "%", "..", "é"];

describe(`malformed ids (${TEST_DRIVER})`, () => {
  it("X-SEC-18: /team/%00, /api/teams/%00, /team/%00/checkout and /team/%00/organiser/roster.csv?key=a are 404, nothing logged", async () => {
    for (const slug of BAD) {
      const params = { slug };
      const path = `/team/${encodeURIComponent(slug)}`;
      expect(await statusOf(teamPage, path, {}, params), slug).toBe(404);
      expect(await statusOf(teamApi, `/api/teams/${encodeURIComponent(slug)}`, {}, params), slug).toBe(404);
      expect(await statusOf(teamCheckout, `${path}/checkout`, {}, params), slug).toBe(404);
      const form = new FormData();
      form.set("productId", "mens-grip-truth-bjj-gi");
      const paid = await statusOf(teamCheckoutAction, `${path}/checkout`, { method: "POST", body: form, headers: { "x-client-address": "192.0.2.180" } }, params);
      expect([400, 404], slug).toContain(paid);
      expect(await statusOf(rosterCsv, `${path}/organiser/roster.csv?key=a`, {}, params), slug).toBe(404);
    }
    expect(logged.join("\n")).toBe("");
  });

  it("X-SEC-18: the owner's /api/admin/products/%00, /admin/products/%00, /admin/teams/%00 and ?q=%00 are 4xx, nothing logged", async () => {
    const owner = { email: "bad-ids@griptruth.test", password: "a long bad-ids password" };
    expect(await createOwner(await testDb(), owner)).toMatchObject({ ok: true });
    const cookie = await signInCookie(owner.email, owner.password, "198.51.100.181");
    logged = [];
    const headers = { cookie };
    for (const id of BAD) {
      const path = `/api/admin/products/${encodeURIComponent(id)}`;
      expect(await statusOf(productApi, path, { headers }, { id }), id).toBe(404);
      const put = await statusOf(productApiAction, path, { ...postJson({ name: "X", version: 1 }, headers), method: "PUT" }, { id });
      expect([400, 404], id).toContain(put);
      expect(await statusOf(productApiAction, path, { method: "DELETE", headers }, { id }), id).toBe(404);
      expect(await statusOf(productPage, `/admin/products/${encodeURIComponent(id)}`, { headers }, { id }), id).toBe(404);
      expect(await statusOf(adminTeam, `/admin/teams/${encodeURIComponent(id)}`, { headers }, { slug: id }), id).toBe(404);
      expect(await statusOf(adminTeamApi, `/api/admin/teams/${encodeURIComponent(id)}`, { headers }, { slug: id }), id).toBe(404);
    }
    for (const q of ["%00", "a%00b", "%01"]) {
      expect(await statusOf(productsApi, `/api/admin/products?q=${q}`, { headers }), q).toBe(400);
      expect(await statusOf(productsPage, `/admin/products?q=${q}`, { headers }), q).toBe(400);
    }
    // An ordinary search still answers.
    expect(await statusOf(productsApi, "/api/admin/products?q=gi", { headers })).toBe(200);
    expect(logged.join("\n")).toBe("");
  });

  it("X-SEC-18: a correctly signed Stripe webhook whose data.object is null is a 400 with a sentence", async () => {
    const signer = new Stripe("sk_test_signer");
    for (const object of [null, "text", 7]) {
      const payload = JSON.stringify({
        id: `evt_bad_${String(object)}`,
        object: "event",
        type: "checkout.session.completed",
        data: { object },
      });
      const answer = await call(webhook, "/api/webhooks/stripe", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "The webhook event has no object to act on." });
    }
    expect(logged.join("\n")).toBe("");
  });
});
