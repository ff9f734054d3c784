// Issue 27: money that survives a crash. Refunds left pending (an answer lost to a crash or a
// timeout, a provider that is down, a refund Stripe has not finished) are finished by the retry
// job or by Stripe's webhooks, exactly once; payments the shop would not apply are given back once.
import { and, eq, like, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import { call, postJson } from "./helpers";
import { OWNER } from "./admin-fixtures";
import { TEST_DRIVER } from "./setup";
import type { Order } from "~/orders/orders.server";
import { theShop, useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

const WEBHOOK_SECRET = "whsec_refunds";
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  useTestSettings({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    REFUND_RETRY_AFTER_SECONDS: "60",
  });
  // The routes are loaded here, within the hook's time, not inside the first test's.
  await Promise.all([
    import("~/routes/api.admin.order-refunds"),
    import("~/routes/api.webhooks.stripe"),
    import("~/flows/refunds/retry.server"),
    import("./admin-fixtures"),
  ]);
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  Object.assign(fake.refundControl, { down: false, dropAnswersAfterMaking: 0, newStatus: "succeeded" });
});

const signer = new Stripe("sk_test_fake");

async function parts() {
  const { testDb } = await import("./shop");
  const schema = await import("~/db/schema");
  const { retryPendingRefunds } = await import("~/flows/refunds/retry.server");
  return { db: await testDb(), ...schema, retry: retryPendingRefunds };
}

let cookie: string | undefined;
/** The owner signs in once for the file (sign-ins are rate-limited, X-SEC-10). */
async function ownerCookie() {
  const { signInCookie } = await import("./admin-fixtures");
  cookie ??= await signInCookie();
  return cookie;
}

async function refundVia(orderNumber: string, amountPence: number) {
  const { action } = await import("~/routes/api.admin.order-refunds");
  return call(
    action,
    `/api/admin/orders/${orderNumber}/refunds`,
    postJson({ amountPence }, { cookie: await ownerCookie() }),
    { orderNumber },
  );
}

/** Moves a refund's next ask to now, as if its wait had passed. */
async function dueNow(orderId: string) {
  const { db, orderRefunds } = await parts();
  await db
    .update(orderRefunds)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(orderRefunds.orderId, orderId));
}

async function state(order: Order) {
  const { db, orderRefunds, orders, mailOutbox } = await parts();
  const [after] = await db.select().from(orders).where(eq(orders.id, order.id));
  const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
  const mails = await db
    .select()
    .from(mailOutbox)
    .where(and(like(mailOutbox.subject, "Refund of %"), like(mailOutbox.subject, `%${order.orderNumber}`)));
  const atFake = [...fake.refunds.values()].filter(
    (r) => r.payment_intent === after!.paymentReference,
  );
  return { order: after!, refunds, mails, atFake };
}

function sendWebhook(event: Record<string, unknown>) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", ...event });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return import("~/routes/api.webhooks.stripe").then(({ action }) =>
    call(action, "/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    }),
  );
}

describe("X-OPS-4: refunds finish by themselves (issue 27)", () => {
  it("X-OPS-4: the provider makes the refund but the answer is lost; the retry job records it once, with the same key, one e-mail", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const { db, retry } = await parts();
    const order = await paidOrder({ provider: "stripe", reference: "pi_crash_1" });
    // The SDK asks twice (one network retry): both answers are lost, as if the process died.
    fake.refundControl.dropAnswersAfterMaking = 2;
    const response = await refundVia(order.orderNumber, 2500);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/asks the provider again by itself/);
    let now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "pending", amountPence: 2500 }]);
    expect(now.order.refundedPence).toBe(2500);
    expect(now.atFake).toHaveLength(1);
    expect(now.mails).toHaveLength(0);

    // Not yet due: the job leaves it alone.
    expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(0);
    await dueNow(order.id);
    expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(1);
    now = await state(order);
    expect(now.refunds).toMatchObject([
      { status: "succeeded", providerReference: now.atFake[0]!.id, attempts: 2 },
    ]);
    expect(legacyStatus(now.order!)).toBe("partly_refunded");
    expect(now.order).toMatchObject({ refundedPence: 2500, });
    expect(now.atFake).toHaveLength(1);
    expect(now.mails).toHaveLength(1);
    const keys = new Set(
      fake.requests
        .filter((r) => r.path === "/v1/refunds" && r.params.get("payment_intent") === "pi_crash_1")
        .map((r) => r.idempotencyKey),
    );
    expect(keys).toEqual(new Set([`refund_${now.refunds[0]!.id}`]));
    // Asked again later: nothing more happens.
    await dueNow(order.id);
    expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(0);
    expect((await state(order)).mails).toHaveLength(1);
  });

  it("X-OPS-4: a provider that is down for a while: the refund stays pending, asked again with back-off, then done once", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const { db, retry } = await parts();
    const order = await paidOrder({ provider: "stripe", reference: "pi_outage" });
    fake.refundControl.down = true;
    expect((await refundVia(order.orderNumber, 1000)).status).toBe(502);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      await dueNow(order.id);
      expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(1);
      const [refund] = (await state(order)).refunds;
      expect(refund).toMatchObject({ status: "pending" });
      expect(refund!.lastError).toMatch(/No clear answer/);
      waits.push((refund!.nextAttemptAt!.getTime() - Date.now()) / 1000);
    }
    // The wait doubles: about 2, 4 and 8 minutes after the first ask.
    expect(waits[0]).toBeGreaterThan(100);
    expect(waits[1]).toBeGreaterThan(waits[0]! * 1.8);
    expect(waits[2]).toBeGreaterThan(waits[1]! * 1.8);
    expect((await state(order)).order.refundedPence).toBe(1000);

    fake.refundControl.down = false;
    await dueNow(order.id);
    expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(1);
    const now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "succeeded", attempts: 5 }]);
    expect(now.atFake).toHaveLength(1);
    expect(now.mails).toHaveLength(1);
  });

  it("X-OPS-4: a clear refusal hands the amount back and keeps the provider's reason", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const order = await paidOrder({ provider: "stripe", reference: "pi_fail" });
    const response = await refundVia(order.orderNumber, 1000);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toBe(
      "The payment provider did not accept the refund (Charge already refunded). Nothing was refunded; try again.",
    );
    const now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "failed", failureReason: "Charge already refunded" }]);
    expect(now.order.refundedPence).toBe(0);
    expect(now.mails).toHaveLength(0);
  });

  it("X-OPS-4: a refund Stripe reports as pending stays pending, and the e-mail goes when it has succeeded", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const { db, retry } = await parts();
    const order = await paidOrder({ provider: "stripe", reference: "pi_slow" });
    fake.refundControl.newStatus = "requires_action";
    const response = await refundVia(order.orderNumber, 1500);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ status: "pending" });
    let now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "pending", providerReference: now.atFake[0]!.id }]);
    expect(now.refunds[0]!.lastError).toMatch(/requires action/);
    expect(now.mails).toHaveLength(0);

    // Still pending at Stripe: the job looks it up (no second refund) and waits.
    await dueNow(order.id);
    expect(await retry(db, theShop(), { retryAfterSeconds: 60 })).toBe(1);
    now = await state(order);
    expect(now.refunds[0]!.status).toBe("pending");
    expect(now.atFake).toHaveLength(1);

    now.atFake[0]!.status = "succeeded";
    await dueNow(order.id);
    await retry(db, theShop(), { retryAfterSeconds: 60 });
    now = await state(order);
    expect(now.refunds[0]!.status).toBe("succeeded");
    expect(now.mails).toHaveLength(1);
    expect(now.atFake).toHaveLength(1);
  });

  it("X-OPS-4: Stripe's refund.updated settles a pending refund; the retry job after it finds nothing to do", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const { db, retry } = await parts();
    const order = await paidOrder({ provider: "stripe", reference: "pi_hook" });
    fake.refundControl.dropAnswersAfterMaking = 2;
    expect((await refundVia(order.orderNumber, 700)).status).toBe(502);
    const made = (await state(order)).atFake[0]!;
    const event = { type: "refund.updated", data: { object: { ...made, status: "succeeded" } } };
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(event)).status).toBe(200);
    await dueNow(order.id);
    await retry(db, theShop(), { retryAfterSeconds: 60 });
    const now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "succeeded", providerReference: made.id }]);
    expect(now.mails).toHaveLength(1);
  });

  it("X-OPS-4: Stripe's charge.refunded settles what is pending on that payment", async () => {
    const { paidOrder } = await import("./admin-fixtures");
    const order = await paidOrder({ provider: "stripe", reference: "pi_charge" });
    fake.refundControl.dropAnswersAfterMaking = 2;
    expect((await refundVia(order.orderNumber, 900)).status).toBe(502);
    const charge = { id: "ch_1", object: "charge", payment_intent: "pi_charge", refunded: true };
    expect((await sendWebhook({ type: "charge.refunded", data: { object: charge } })).status).toBe(200);
    const now = await state(order);
    expect(now.refunds).toMatchObject([{ status: "succeeded" }]);
    expect(now.atFake).toHaveLength(1);
    expect(now.mails).toHaveLength(1);
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "X-OPS-4: retry jobs on four connections at once, and the webhook racing them, record each refund once (PostgreSQL)",
    { tags: ["race"] },
    async () => {
      const { paidOrder } = await import("./admin-fixtures");
      const { db, retry } = await parts();
      const placed: Order[] = [];
      for (let n = 0; n < 6; n++) {
        const order = await paidOrder({ provider: "stripe", reference: `pi_race_${n}` });
        fake.refundControl.dropAnswersAfterMaking = 2;
        expect((await refundVia(order.orderNumber, 500)).status).toBe(502);
        await dueNow(order.id);
        placed.push(order);
      }
      const before = fake.requests.length;
      const hooks = placed.map(async (order) => {
        const made = (await state(order)).atFake[0]!;
        return sendWebhook({ type: "refund.updated", data: { object: { ...made, status: "succeeded" } } });
      });
      const taken = await Promise.all([
        ...Array.from({ length: 4 }, () => retry(db, theShop(), { retryAfterSeconds: 60 })),
        ...hooks,
      ]);
      const claims = (taken.slice(0, 4) as number[]).reduce((a, b) => a + b, 0);
      expect(claims).toBeLessThanOrEqual(6);
      // Each refund was asked about at most once by the jobs in this round.
      const asked = fake.requests.slice(before).filter((r) => r.path === "/v1/refunds");
      expect(asked.length).toBe(claims);
      for (const order of placed) {
        const now = await state(order);
        expect(now.refunds).toMatchObject([{ status: "succeeded" }]);
        expect(now.atFake).toHaveLength(1);
        expect(now.mails).toHaveLength(1);
      }
    },
  );
});
