import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "./fake-stripe";
import type * as Db from "~/db/client.server";
import type * as Schema from "~/db/schema";
import type * as Late from "~/flows/teams/late-payment.server";
import type * as Batch from "~/flows/teams/batch.server";
import type * as Webhook from "~/routes/api.webhooks.stripe";
import type * as Fixtures from "./team-fixtures";
import type * as Helpers from "./helpers";
import type * as Jobs from "~/server/jobs.server";
import { theShop, useOtherProcessDb, useTestSettings } from "./shop";
import { legacyStatus } from "~/orders/status";

// Configuration is read once per test file, so it is set before the app's modules load: the
// members pay through Stripe (a local fake), whose payments can arrive minutes after checkout.
const WEBHOOK_SECRET = "whsec_test_secret";
const OWNER = { email: "owner@griptruth.test", password: "correct horse battery" };
useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  SHOP_EMAIL: "shop@griptruth.test",
  OWNER_NOTIFICATIONS: "on",
});
const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

let fake: FakeStripe;
let app: {
  webhook: typeof Webhook.action;
  testDb: () => Promise<Db.Database>;
  schema: typeof Schema;
  late: typeof Late;
  batch: typeof Batch;
  fixtures: typeof Fixtures;
  helpers: typeof Helpers;
  jobs: typeof Jobs;
  signInCookie: () => Promise<string>;
};
const signer = new Stripe("sk_test_signer");
let cookie: string;

/** A second, separate connection pool on PostgreSQL: another process. */
const otherProcessDb = useOtherProcessDb();

beforeAll(async () => {
  fake = await startFakeStripe();
  useTestSettings({
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  const fixtures = await import("./admin-fixtures");
  app = {
    webhook: (await import("~/routes/api.webhooks.stripe")).action,
    testDb: (await import("./shop")).testDb,
    schema: await import("~/db/schema"),
    late: await import("~/flows/teams/late-payment.server"),
    batch: await import("~/flows/teams/batch.server"),
    fixtures: await import("./team-fixtures"),
    helpers: await import("./helpers"),
    jobs: await import("~/server/jobs.server"),
    signInCookie: () => fixtures.signInCookie(),
  };
  expect(fixtures.OWNER.email).toBe(OWNER.email);
  await app.testDb();
  cookie = await app.signInCookie();
});

afterAll(async () => {
  await fake.close();
});

beforeEach(async () => {
  await app.fixtures.wipeTeams();
});

let intent = 0;
/** A member starts paying: the order is pending, its Stripe session open. */
async function memberStartsCheckout(slug: string, email: string) {
  const response = await app.fixtures.checkout({ cartItems: [app.fixtures.teamGi(slug)] });
  expect(response.status).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  return { sessionId, email, paymentIntent: `pi_late_${++intent}` };
}

/** Stripe tells the shop the member paid (checkout.session.completed), signed. */
async function stripeSaysPaid(checkout: { sessionId: string; email: string; paymentIntent: string }) {
  const stored = fake.sessions.get(checkout.sessionId)!;
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: checkout.sessionId,
        object: "checkout.session",
        client_reference_id: stored.client_reference_id ?? null,
        payment_status: "paid",
        payment_intent: checkout.paymentIntent,
        amount_total: stored.amount_total,
        currency: "gbp",
        customer_details: { email: checkout.email, name: "Member", phone: null },
        collected_information: {
          shipping_details: {
            name: "Member",
            address: { line1: "2 Coast Road", line2: null, city: "Redcar", postal_code: "TS10 2AB", country: "GB" },
          },
        },
      },
    },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await app.helpers.call(app.webhook, "/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": header },
    body: payload,
  });
  expect(response.status).toBe(200);
}

async function memberPaysNow(slug: string, email: string) {
  const checkout = await memberStartsCheckout(slug, email);
  await stripeSaysPaid(checkout);
  return checkout;
}

async function orderOf(sessionId: string) {
  const { eq } = await import("drizzle-orm");
  const db = await app.testDb();
  const { orders } = app.schema;
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  return order!;
}

async function historyOf(orderId: string) {
  const { eq, asc } = await import("drizzle-orm");
  const db = await app.testDb();
  const { orderEvents } = app.schema;
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt));
}

async function refundsOf(orderId: string) {
  const { eq } = await import("drizzle-orm");
  const db = await app.testDb();
  const { orderRefunds } = app.schema;
  return db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

/** The refunds the fake Stripe account holds for one payment. */
const stripeRefundsOf = (paymentIntent: string) =>
  [...fake.refunds.values()].filter((refund) => refund.payment_intent === paymentIntent);

async function mailTo(address: string) {
  const { eq } = await import("drizzle-orm");
  const db = await app.testDb();
  const { mailOutbox } = app.schema;
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
}

describe(`team orders: a payment that arrives after the batch moved, on ${TEST_DRIVER}`, () => {
  it("X-TEAM-5 a payment arriving after the owner cancelled the team and refunded everyone is cancelled and refunded once, the webhook delivered twice", async () => {
    const { slug } = await app.fixtures.makeTeam(cookie);
    const early = await memberPaysNow(slug, "ana@example.com");
    const late = await memberStartsCheckout(slug, "ben@example.com");
    const db = await app.testDb();

    const cancelled = await app.batch.cancelTeam(db, slug, { refund: true }, OWNER.email, theShop());
    expect(cancelled).toMatchObject({ ok: true, data: { cancelled: 1, refunded: 1 } });
    expect(legacyStatus(await orderOf(late.sessionId))).toBe("pending");

    // Ben's payment lands after the cancel, and Stripe tells the shop twice.
    await stripeSaysPaid(late);
    await stripeSaysPaid(late);
    // The payment is recorded first; the follow-up is the background job's.
    expect(legacyStatus(await orderOf(late.sessionId))).toBe("paid");
    expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(1);
    await stripeSaysPaid(late);
    expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(0);

    const order = await orderOf(late.sessionId);
    expect(legacyStatus(order!)).toBe("refunded");
    expect(order).toMatchObject({ refundedPence: order.totalPence });
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(stripeRefundsOf(late.paymentIntent)).toHaveLength(1);
    expect(stripeRefundsOf(early.paymentIntent)).toHaveLength(1);
    const history = await historyOf(order.id);
    expect(history.map((event) => event.note)).toContain(
      "Cancelled with the team order Redcar BJJ: spring kit: the team order was cancelled before this payment arrived.",
    );
    // The usual refund e-mail, once; no payment flagged for the owner to give back again.
    const told = await mailTo("ben@example.com");
    expect(told.filter((mail) => /refund/i.test(mail.subject))).toHaveLength(1);
    expect(await db.select().from(app.schema.flaggedPayments)).toHaveLength(0);
    expect(legacyStatus(await orderOf(early.sessionId))).toBe("refunded");
  });

  it("X-TEAM-5 a payment arriving after the team went into production moves the order to in production with the team", async () => {
    const { slug } = await app.fixtures.makeTeam(cookie);
    const early = await memberPaysNow(slug, "ana@example.com");
    const late = await memberStartsCheckout(slug, "ben@example.com");
    const db = await app.testDb();
    expect(await app.batch.moveTeam(db, slug, { status: "in_production" }, OWNER.email, new Date())).toMatchObject({
      ok: true,
      data: { moved: 1 },
    });

    await stripeSaysPaid(late);
    // Through the job every process runs.
    const job = app.jobs
      .backgroundJobs(theShop())
      .find((each) => each.name === "team-late-payments")!;
    expect(await job.run(db)).toBe(1);
    expect(await job.run(db)).toBe(0);

    const order = await orderOf(late.sessionId);
    expect(legacyStatus(order)).toBe("in_production");
    expect(legacyStatus(await orderOf(early.sessionId))).toBe("in_production");
    const moves = (await historyOf(order.id)).filter((event) => event.kind === "status");
    expect(moves).toHaveLength(1);
    expect(moves[0]!.note).toBe("Moved with the team order Redcar BJJ: spring kit.");
    expect(await refundsOf(order.id)).toHaveLength(0);
    expect(stripeRefundsOf(late.paymentIntent)).toHaveLength(0);
  });

  it("X-TEAM-5 a payment arriving after the team's parcel was dispatched stays in production, its history and the shop's notice saying it goes on its own", async () => {
    const { slug } = await app.fixtures.makeTeam(cookie);
    const early = await memberPaysNow(slug, "ana@example.com");
    const late = await memberStartsCheckout(slug, "ben@example.com");
    const db = await app.testDb();
    await app.batch.moveTeam(db, slug, { status: "in_production" }, OWNER.email, new Date());
    const dispatched = await app.batch.moveTeam(
      db,
      slug,
      { status: "dispatched", carrier: "Royal Mail", trackingNumber: "AB123456789GB" },
      OWNER.email, new Date(),
    );
    expect(dispatched).toMatchObject({ ok: true, data: { moved: 1 } });

    await stripeSaysPaid(late);
    expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(1);
    expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(0);

    expect(legacyStatus(await orderOf(early.sessionId))).toBe("dispatched");
    const order = await orderOf(late.sessionId);
    expect(legacyStatus(order)).toBe("in_production");
    const moves = (await historyOf(order.id)).filter((event) => event.kind === "status");
    expect(moves.map((event) => event.note)).toEqual([
      "Moved with the team order Redcar BJJ: spring kit. It was paid after the team's parcel was dispatched, so it was not in it: dispatch it on its own.",
    ]);
    const notices = (await mailTo("shop@griptruth.test")).filter((mail) =>
      mail.subject.startsWith("Paid after the team's parcel went"),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`Order ${order.orderNumber} of the team order "Redcar BJJ: spring kit"`);
  });

  it("X-TEAM-5 a paid order in an open team is left alone", async () => {
    const { slug } = await app.fixtures.makeTeam(cookie);
    const paid = await memberPaysNow(slug, "ana@example.com");
    const db = await app.testDb();
    expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(0);
    expect(legacyStatus(await orderOf(paid.sessionId))).toBe("paid");
  });

  it.runIf(TEST_DRIVER === "postgres")(
    "X-TEAM-5 the late payment's follow-up and the owner's team cancel fired at the same time from two processes refund the order exactly once",
    { tags: ["race"] },
    async () => {
      const { slug } = await app.fixtures.makeTeam(cookie);
      const early = await memberPaysNow(slug, "ana@example.com");
      const late = await memberStartsCheckout(slug, "ben@example.com");
      const db = await app.testDb();
      const other = await otherProcessDb();
      const { eq } = await import("drizzle-orm");
      // The owner's cancel has stopped the store; Ben's payment arrives as its refunds are made.
      await db.update(app.schema.teams).set({ status: "cancelled" }).where(eq(app.schema.teams.slug, slug));
      await stripeSaysPaid(late);

      const [first, second, third, fourth] = await Promise.all([
        app.batch.cancelTeam(db, slug, { refund: true }, OWNER.email, theShop()),
        app.late.settleLateTeamPayments(other, theShop()),
        app.batch.cancelTeam(other, slug, { refund: true }, OWNER.email, theShop()),
        app.late.settleLateTeamPayments(db, theShop()),
      ]);
      if (!first!.ok || !third!.ok) throw new Error("the owner's cancel was refused");
      // Each of the two paid orders is cancelled by exactly one of the four: the owner's two
      // requests count the orders their update cancelled, the job's two passes likewise.
      expect(first!.data.cancelled + third!.data.cancelled + second! + fourth!).toBe(2);

      for (const checkout of [early, late]) {
        const order = await orderOf(checkout.sessionId);
        expect(legacyStatus(order!)).toBe("refunded");
        expect(order).toMatchObject({ refundedPence: order.totalPence });
        expect(await refundsOf(order.id)).toHaveLength(1);
        expect(stripeRefundsOf(checkout.paymentIntent)).toHaveLength(1);
        const cancels = (await historyOf(order.id)).filter(
          (event) => event.kind === "status" && (event.after as { status?: string })?.status === "cancelled",
        );
        expect(cancels).toHaveLength(1);
        const told = await mailTo(checkout.email);
        expect(told.filter((mail) => /refund/i.test(mail.subject))).toHaveLength(1);
      }
      expect(await app.late.settleLateTeamPayments(db, theShop())).toBe(0);
    },
  );
});
