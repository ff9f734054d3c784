// The owner switches e-mail and payments on from the back office (issue 49 items 2 and 3): an
// SMTP server set on /admin/settings against a local smtp-server (the package the fault tests
// use), and Stripe's keys saved on /admin/payments against the project's fake Stripe, each used at
// once by the running shop, with no restart.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER, signInCookie } from "./admin-fixtures";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { call, postJson, receiptOf } from "./helpers";
import { testDb, theShop, useTestSettings } from "./shop";
import { orders, serviceSettings } from "~/db/schema";
import { deliverDueMail, enqueueMail } from "~/mail/outbox.server";
import { SECRETS_KEY_FILE } from "~/security/sealed.server";
import { loader as rootLoader } from "~/root";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.settings";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/admin.payments";
import { loader as launchGet } from "~/routes/api.admin.launch";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as webhook } from "~/routes/api.webhooks.stripe";

const PASSWORD = "mail server password 9f3a";
const received: { from: string; to: string[]; subject: string; user?: string }[] = [];
const smtp = new SMTPServer({
  allowInsecureAuth: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === "shop@example.com" && auth.password === PASSWORD) {
      return callback(null, { user: auth.username });
    }
    return callback(new Error("Invalid username or password"));
  },
  onData(stream, session, callback) {
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: /^Subject: (.*)$/m.exec(text)?.[1] ?? "?",
        user: session.user as string | undefined,
      });
      callback();
    });
  },
});
let smtpPort = 0;
let fake: FakeStripe;
let cookie: string;
const signer = new Stripe("sk_test_signer");

beforeAll(async () => {
  fake = await startFakeStripe();
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  smtpPort = (smtp.server.address() as AddressInfo).port;
  useTestSettings({
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    STRIPE_API_BASE: fake.url,
  });
  await testDb();
  cookie = await signInCookie();
});

afterAll(async () => {
  await fake.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function ownerForm(fields: Record<string, string>): RequestInit {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return { method: "POST", body: form, headers: { cookie, Origin: "http://shop.test" } };
}

async function checklist() {
  const response = await call(launchGet, "/api/admin/launch", { headers: { cookie } });
  const { items } = (await response.json()) as { items: { id: string; done: boolean }[] };
  return Object.fromEntries(items.map((item) => [item.id, item.done]));
}

async function testBand(): Promise<boolean> {
  const data = (await (await call(rootLoader, "/")).json()) as { testShop: boolean };
  return data.testShop;
}

describe("X-OWN-2: e-mail from the back office", () => {
  it("X-OWN-2: the SMTP server set on /admin/settings sends the test message and the outbox's mail at once; the password is sealed and never shown", async () => {
    const db = await testDb();
    expect((await checklist())["email-delivered"]).toBe(false);

    // A wrong value is refused with a sentence naming the field, and nothing is saved.
    const bad = await call(
      settingsAction,
      "/admin/settings",
      ownerForm({ intent: "mail-server", smtpHost: "not a host", smtpPort: "25", smtpSecurity: "none" }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "smtpHost" });
    expect(await db.select().from(serviceSettings)).toEqual([]);

    // Before a server is set, the test message is only a file: not delivered.
    const unsent = await call(settingsAction, "/admin/settings", ownerForm({ intent: "mail-test" }));
    expect(unsent.status).toBe(400);
    expect(((await unsent.json()) as { error: string }).error).toMatch(/only written to a file/);
    expect((await checklist())["email-delivered"]).toBe(false);

    const saved = await call(
      settingsAction,
      "/admin/settings",
      ownerForm({
        intent: "mail-server",
        smtpHost: "127.0.0.1",
        smtpPort: String(smtpPort),
        smtpSecurity: "none",
        smtpUser: "shop@example.com",
        smtpPassword: PASSWORD,
        smtpFrom: "Owner Shop <orders@owner-shop.test>",
      }),
    );
    expect(saved.status).toBe(200);

    // The password is sealed in the database, never in the page; the key is in DATA_DIR, not the DB.
    const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.name, "smtp"));
    expect(row!.sealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    const keyFile = path.join(theShop().settings.dataDir, SECRETS_KEY_FILE);
    expect((await readFile(keyFile, "utf8")).trim()).toHaveLength(43);
    const page = await (await call(settingsLoader, "/admin/settings", { headers: { cookie } })).text();
    expect(page).not.toContain(PASSWORD);
    expect(JSON.parse(page)).toMatchObject({
      mail: { source: "saved", host: "127.0.0.1", user: "shop@example.com", passwordSet: true },
    });

    // The test message goes to the owner through the saved server, which says what it answered.
    const tested = await call(settingsAction, "/admin/settings", ownerForm({ intent: "mail-test" }));
    expect(tested.status).toBe(200);
    expect(((await tested.json()) as { message: string }).message).toMatch(/accepted the test message to .*It answered: 250/);
    expect(received).toEqual([
      { from: "orders@owner-shop.test", to: [OWNER.email], subject: "Test message from your shop", user: "shop@example.com" },
    ]);
    expect((await checklist())["email-delivered"]).toBe(true);

    // The outbox's worker sends through it too, without a restart; no .eml file is written.
    await enqueueMail(db, { to: "buyer@example.com", subject: "Your order", text: "Thanks" });
    const shop = theShop();
    expect(await deliverDueMail(db, shop.mailer, { claimMs: 60_000 })).toBe(1);
    expect(received.at(-1)).toMatchObject({ to: ["buyer@example.com"], subject: "Your order" });
    const files = await readdir(path.join(shop.settings.dataDir, "outbox")).catch(() => []);
    expect(files.filter((file) => file.includes("your-order"))).toEqual([]);

    // Changing the server asks for a new test: the checklist reopens; the password is kept.
    const moved = await call(
      settingsAction,
      "/admin/settings",
      ownerForm({
        intent: "mail-server",
        smtpHost: "localhost",
        smtpPort: String(smtpPort),
        smtpSecurity: "none",
        smtpUser: "shop@example.com",
        smtpPassword: "",
        smtpFrom: "",
      }),
    );
    expect(moved.status).toBe(200);
    expect((await checklist())["email-delivered"]).toBe(false);
    expect((await call(settingsAction, "/admin/settings", ownerForm({ intent: "mail-test" }))).status).toBe(200);
    expect((await checklist())["email-delivered"]).toBe(true);
  });
});

// Each checkout from a buyer of its own: an address holds at most 3 unpaid ones (X-SEC-11).
let buyer = 0;
async function checkout() {
  const response = await call(
    createSession,
    "/api/create-checkout-session",
    postJson(
      { cartItems: [{ productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 2 }] },
      { "x-client-address": `198.51.100.${++buyer}` },
    ),
  );
  expect(response.status).toBe(200);
  receiptOf(response);
  return (await response.json()) as { url: string; sessionId: string };
}

function paidEvent(sessionId: string) {
  const stored = fake.sessions.get(sessionId)!;
  return JSON.stringify({
    id: `evt_${sessionId}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        client_reference_id: stored.client_reference_id,
        payment_status: "paid",
        payment_intent: `pi_${sessionId}`,
        amount_total: stored.amount_total,
        currency: "gbp",
        customer_details: { email: "kai@example.com", name: "Kai Brown", phone: null },
        collected_information: {
          shipping_details: {
            name: "Kai Brown",
            address: { line1: "2 Coast Road", line2: null, city: "Redcar", postal_code: "TS10 2AB", country: "GB" },
          },
        },
      },
    },
  });
}

async function payThroughStripe(webhookSecret: string) {
  const session = await checkout();
  expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
  const payload = paidEvent(session.sessionId);
  const answer = await call(webhook, "/api/webhooks/stripe", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    body: payload,
  });
  expect(answer.status).toBe(200);
  const db = await testDb();
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, session.sessionId));
  expect(order!.paymentStatus).toBe("paid");
  return session.sessionId;
}

describe("X-OWN-3: payments from the back office", () => {
  it("X-OWN-3: Stripe's keys saved on /admin/payments are checked with Stripe, take an order at once, and the test band goes with live keys", async () => {
    const db = await testDb();
    // The sandbox: a test shop, said on every storefront page.
    expect(await testBand()).toBe(true);
    expect((await checklist())["real-payments"]).toBe(false);
    let page = (await (await call(paymentsLoader, "/admin/payments", { headers: { cookie } })).json()) as {
      provider: string;
      webhookAddress: string;
      stripe: { source: string };
    };
    expect(page).toMatchObject({ provider: "sandbox", stripe: { source: "none" } });
    expect(page.webhookAddress).toBe("http://localhost:3000/api/webhooks/stripe");

    // A key Stripe refuses is not saved, and is never sent back into the page.
    const refused = await call(
      paymentsAction,
      "/admin/payments",
      ownerForm({ intent: "stripe-keys", stripeSecretKey: "sk_test_revoked_9999", stripeWebhookSecret: "whsec_test_owner" }),
    );
    expect(refused.status).toBe(400);
    const refusal = await refused.text();
    expect(refusal).toMatch(/Stripe refused the key: Invalid API Key/);
    expect(refusal).not.toContain("whsec_test_owner");
    expect(await db.select().from(serviceSettings).where(eq(serviceSettings.name, "stripe"))).toEqual([]);

    // Test keys: Stripe takes the checkouts, the band stays.
    const test = await call(
      paymentsAction,
      "/admin/payments",
      ownerForm({ intent: "stripe-keys", stripeSecretKey: "sk_test_owner_page_1234", stripeWebhookSecret: "whsec_test_owner" }),
    );
    expect(test.status).toBe(200);
    expect(fake.requests.filter((r) => r.path === "/v1/balance").map((r) => r.key)).toEqual([
      "sk_test_revoked_9999",
      "sk_test_owner_page_1234",
    ]);
    const [row] = await db.select().from(serviceSettings).where(eq(serviceSettings.name, "stripe"));
    expect(JSON.stringify(row)).not.toContain("sk_test_owner_page_1234");
    expect(JSON.stringify(row)).not.toContain("whsec_test_owner");
    page = (await (await call(paymentsLoader, "/admin/payments", { headers: { cookie } })).json()) as typeof page;
    expect(page).toMatchObject({
      provider: "stripe",
      testShop: true,
      stripe: { source: "saved", mode: "test", secretLast4: "1234", webhookLast4: "wner" },
    });
    expect(await testBand()).toBe(true);
    const first = await payThroughStripe("whsec_test_owner");
    expect(fake.requests.find((r) => r.path === "/v1/checkout/sessions")?.key).toBe("sk_test_owner_page_1234");
    expect((await checklist())["real-payments"]).toBe(false);

    // Live keys: the band goes, "Real payments" is ticked by the key Stripe accepted.
    const live = await call(
      paymentsAction,
      "/admin/payments",
      ownerForm({ intent: "stripe-keys", stripeSecretKey: "sk_live_owner_page_5678", stripeWebhookSecret: "whsec_live_owner" }),
    );
    expect(live.status).toBe(200);
    expect(await testBand()).toBe(false);
    expect((await checklist())["real-payments"]).toBe(true);
    const second = await payThroughStripe("whsec_live_owner");
    expect(second).not.toBe(first);
    expect(fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)?.key).toBe("sk_live_owner_page_5678");

    // The old webhook secret no longer opens the door.
    const payload = paidEvent(first);
    const forged = await call(webhook, "/api/webhooks/stripe", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_owner" }),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
  });

  it("X-OWN-3: the public address is a setting links use at once", async () => {
    const bad = await call(paymentsAction, "/admin/payments", ownerForm({ intent: "public-address", publicUrl: "shop.example" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "publicUrl" });
    const saved = await call(
      paymentsAction,
      "/admin/payments",
      ownerForm({ intent: "public-address", publicUrl: "https://owner-shop.example/" }),
    );
    expect(saved.status).toBe(200);
    const root = (await (await call(rootLoader, "/")).json()) as { origin: string };
    expect(root.origin).toBe("https://owner-shop.example");
    expect(theShop().settings.PUBLIC_URL).toBe("https://owner-shop.example");
    expect((await checklist())["public-address"]).toBe(true);
    const page = (await (await call(paymentsLoader, "/admin/payments", { headers: { cookie } })).json()) as {
      webhookAddress: string;
    };
    expect(page.webhookAddress).toBe("https://owner-shop.example/api/webhooks/stripe");
  });
});
