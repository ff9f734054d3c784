import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { postJson } from "./helpers";
import { OWNER } from "./admin-fixtures";
import { useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

// Configuration is read once per test file, so Stripe is set before the app's modules load.
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  useTestSettings({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: "whsec_test",
    STRIPE_API_BASE: fake.url,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
  });
});
afterAll(async () => {
  await fake.close();
});

async function refundVia(orderNumber: string, body: unknown, cookie: string) {
  const { call } = await import("./helpers");
  const { action } = await import("~/routes/api.admin.order-refunds");
  return call(action, `/api/admin/orders/${orderNumber}/refunds`, postJson(body, { cookie }), {
    orderNumber,
  });
}

describe("X-OPS-4: refunds through Stripe (against a local fake)", () => {
  it("X-OPS-4: a Stripe order is refunded with Stripe's refunds API, once per refund", async () => {
    const { paidOrder, signInCookie } = await import("./admin-fixtures");
    const cookie = await signInCookie();
    const order = await paidOrder({ provider: "stripe", reference: "pi_test_123" });
    const response = await refundVia(order.orderNumber, { amountPence: 2500 }, cookie);
    expect(response.status).toBe(201);
    const refund = (await response.json()) as Record<string, unknown>;
    expect(refund).toMatchObject({ provider: "stripe", amount_pence: 2500, status: "succeeded" });
    expect(String(refund.provider_reference)).toMatch(/^re_fake_/);
    const calls = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params.get("payment_intent")).toBe("pi_test_123");
    expect(calls[0]!.params.get("amount")).toBe("2500");
  });

  it("X-OPS-4: a refund Stripe refuses gives its amount back and answers a message", async () => {
    const { paidOrder, signInCookie } = await import("./admin-fixtures");
    const { testDb } = await import("./shop");
    const { orderRefunds, orders } = await import("~/db/schema");
    const cookie = await signInCookie();
    const order = await paidOrder({ provider: "stripe", reference: "pi_fail" });
    const response = await refundVia(order.orderNumber, { amountPence: 1000 }, cookie);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/did not accept/);
    const db = await testDb();
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(legacyStatus(after!)).toBe("paid");
    expect(after).toMatchObject({ refundedPence: 0, });
    const [failed] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(failed!.status).toBe("failed");
  });

  it("X-OPS-4: a refund whose provider does not answer stays pending with its amount reserved", async () => {
    const { paidOrder, signInCookie } = await import("./admin-fixtures");
    const { testDb } = await import("./shop");
    const { orderRefunds, orders } = await import("~/db/schema");
    const cookie = await signInCookie();
    const order = await paidOrder({ provider: "stripe", reference: "pi_down" });
    const response = await refundVia(order.orderNumber, { amountPence: 1000 }, cookie);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/did not answer/);
    const db = await testDb();
    const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(legacyStatus(after!)).toBe("paid");
    expect(after).toMatchObject({ refundedPence: 1000, });
    const [pending] = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(pending!.status).toBe("pending");
    // The SDK may ask again after the dropped connection, always with the refund's own key.
    const keys = fake.requests
      .filter((r) => r.path === "/v1/refunds" && r.params.get("payment_intent") === "pi_down")
      .map((r) => r.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
  });
});
