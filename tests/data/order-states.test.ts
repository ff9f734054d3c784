import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  ORDER_STATUSES,
  orderLines,
  orders,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "~/db/schema";
import {
  awaitingPaymentSql,
  cancellableSql,
  endedUnpaidSql,
  paidSql,
  statusIsSql,
  toMakeSql,
} from "~/orders/states.server";
import {
  canBeCancelled,
  endedUnpaid,
  isAwaitingPayment,
  isPaid,
  isToMake,
  legacyStatus,
} from "~/orders/status";
import { reviewLinkSecret, reviewToken } from "~/reviews/review-link.server";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { loader as orderApi } from "~/routes/api.admin.order";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { loader as summaryApi } from "~/routes/api.admin.summary";
import * as reviewsRoute from "~/routes/api.product-reviews";
import { OWNER, paidOrder, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { makeTeam, memberPays, teamGi } from "./team-fixtures";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

type Json = Record<string, unknown>;
let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});
beforeEach(async () => {
  await (await testDb()).delete(orders);
});

const owner = () => ({ headers: { cookie } });
const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), {
    orderNumber,
  });
const orderJson = async (orderNumber: string) =>
  (await (
    await call(orderApi, `/api/admin/orders/${orderNumber}`, owner(), { orderNumber })
  ).json()) as Json & { lines: Json[] };
const listed = async (query: string) => {
  const response = await call(ordersApi, `/api/admin/orders?${query}`, owner());
  expect(response.status).toBe(200);
  return ((await response.json()) as { orders: Json[] }).orders.map((o) => o.order_number);
};
const summary = async () =>
  (await (await call(summaryApi, "/api/admin/summary", owner())).json()) as {
    toMake: number;
    toShip: number;
  };

describe("X-ORD-1 X-ORD-2: a partly refunded order is still made, sent, counted and reviewable", () => {
  it("X-ORD-1 X-ORD-2: a £5 refund moves only the payment; the order stays to make, moves on, and keeps its buyer's verified badge", async () => {
    const order = await paidOrder({ email: "partly@example.com" });
    const other = await paidOrder({ email: "whole@example.com" });
    expect((await summary()).toMake).toBe(2);

    const refunded = await call(
      refundApi,
      `/api/admin/orders/${order.orderNumber}/refunds`,
      postJson({ amountPence: 500, reason: "Goodwill" }, { cookie }),
      { orderNumber: order.orderNumber },
    );
    expect(refunded.status).toBe(201);
    expect(await orderJson(order.orderNumber)).toMatchObject({
      status: "partly_refunded",
      payment_status: "partly_refunded",
      fulfilment_status: "unfulfilled",
      refunded_pence: 500,
    });

    // Still to make: the dashboard counts it and the list finds it by its two states.
    expect((await summary()).toMake).toBe(2);
    expect(await listed("fulfilment=unfulfilled&payment=partly_refunded")).toEqual([
      order.orderNumber,
    ]);
    expect(await listed("fulfilment=unfulfilled&payment=paid")).toEqual([other.orderNumber]);
    expect(await listed("fulfilment=unfulfilled&payment=paid,partly_refunded")).toHaveLength(2);
    expect(await listed("fulfilment=in_production")).toEqual([]);

    // Made and sent like any paid order; the refund stays on its payment.
    const made = await setStatus(order.orderNumber, { status: "in_production" });
    expect(made.status).toBe(200);
    expect(await made.json()).toMatchObject({
      payment_status: "partly_refunded",
      fulfilment_status: "in_production",
    });
    // In production is still to make (issue 53); made, it is to ship.
    expect(await summary()).toMatchObject({ toMake: 2, toShip: 0 });
    expect((await setStatus(order.orderNumber, { status: "made" })).status).toBe(200);
    expect(await summary()).toMatchObject({ toMake: 1, toShip: 1 });
    const sent = await setStatus(order.orderNumber, {
      status: "dispatched",
      carrier: "Royal Mail",
      trackingNumber: "RM123456785GB",
    });
    expect(sent.status).toBe(200);
    const after = await orderJson(order.orderNumber);
    expect(after).toMatchObject({
      payment_status: "partly_refunded",
      fulfilment_status: "dispatched",
      refunded_pence: 500,
    });
    expect(await listed("fulfilment=dispatched&payment=partly_refunded")).toEqual([
      order.orderNumber,
    ]);

    // Its buyer's review link still gives the verified badge (X-REV-4).
    const db = await testDb();
    const token = reviewToken(
      await reviewLinkSecret(db, theShop().settings),
      { id: order.id, customerEmail: "partly@example.com" },
      "mens-grip-truth-bjj-gi",
    );
    const posted = await call(
      reviewsRoute.action,
      "/api/products/mens-grip-truth-bjj-gi/reviews",
      postJson(
        {
          customer_name: "Ana Silva",
          customer_email: "partly@example.com",
          rating: 5,
          review_text: "Made and sent after a goodwill refund.",
          photo_urls: [],
          review_token: token,
        },
        { "x-client-address": "198.51.100.77" },
      ),
      { productId: "mens-grip-truth-bjj-gi" },
    );
    expect(posted.status).toBe(201);
    const reviews = (await (
      await call(reviewsRoute.loader, "/api/products/mens-grip-truth-bjj-gi/reviews", undefined, {
        productId: "mens-grip-truth-bjj-gi",
      })
    ).json()) as { review_text: string; verified_purchase?: boolean }[];
    expect(reviews.find((r) => r.review_text.startsWith("Made and sent"))).toMatchObject({
      verified_purchase: true,
    });
  });

  it("X-ORD-2: each rule's query and its TypeScript twin agree on every pair of states", async () => {
    const db = await testDb();
    const template = await paidOrder();
    const pairs = PAYMENT_STATUSES.flatMap((paymentStatus) =>
      FULFILMENT_STATUSES.map((fulfilmentStatus) => ({ paymentStatus, fulfilmentStatus })),
    );
    const ids: string[] = [];
    for (const [i, states] of pairs.entries()) {
      const paid = !["pending", "failed", "expired"].includes(states.paymentStatus);
      const [row] = await db
        .insert(orders)
        .values({
          ...states,
          orderNumber: `STATE-${i}`,
          paymentProvider: "sandbox",
          subtotalPence: template.subtotalPence,
          shippingPence: template.shippingPence,
          discountPence: template.discountPence,
          totalPence: template.totalPence,
          paidAt: paid ? new Date() : null,
        })
        .returning({ id: orders.id });
      ids.push(row!.id);
    }
    await db.delete(orders).where(eq(orders.id, template.id));
    const numbersWhere = async (where: ReturnType<typeof paidSql>) =>
      (await db.select({ n: orders.orderNumber }).from(orders).where(where))
        .map((r) => r.n)
        .sort();
    const numbersOf = (rule: (o: (typeof pairs)[number]) => boolean) =>
      pairs
        .map((states, i) => (rule(states) ? `STATE-${i}` : undefined))
        .filter(Boolean)
        .sort();
    expect(await numbersWhere(paidSql())).toEqual(numbersOf(isPaid));
    expect(await numbersWhere(toMakeSql())).toEqual(numbersOf(isToMake));
    expect(await numbersWhere(cancellableSql())).toEqual(numbersOf(canBeCancelled));
    expect(await numbersWhere(awaitingPaymentSql())).toEqual(numbersOf(isAwaitingPayment));
    expect(await numbersWhere(endedUnpaidSql())).toEqual(numbersOf(endedUnpaid));
    // The owner's "Status" filter finds exactly the orders whose one-value label is that status
    // (the database keeps no such column since issue 48).
    for (const status of ORDER_STATUSES) {
      expect(await numbersWhere(statusIsSql(status)), status).toEqual(
        numbersOf((states) => legacyStatus(states) === status),
      );
    }
    expect(ids).toHaveLength(36);
  });
});

describe("X-ORD-3: the owner's order JSON names each line fully", () => {
  it("X-ORD-3: a team member's line shows its team and printed name; an ordinary line shows null", async () => {
    const { slug } = await makeTeam(cookie);
    const sessionId = await memberPays([teamGi(slug, { printName: "Ana" })], {
      firstName: "Ana",
      lastName: "Silva",
      email: "ana.member@example.com",
    });
    const db = await testDb();
    const [member] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    const json = await orderJson(member!.orderNumber);
    expect(json.lines).toHaveLength(1);
    expect(json.lines[0]).toMatchObject({
      product_id: "mens-grip-truth-bjj-gi",
      team: slug,
      print_name: "Ana",
      custom_text: "REDCAR BJJ",
    });
    const ordinary = await paidOrder();
    const plain = await orderJson(ordinary.orderNumber);
    expect(plain.lines.map((l) => [l.team, l.print_name])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(
      await db.select({ n: orderLines.printName }).from(orderLines).where(eq(orderLines.orderId, member!.id)),
    ).toEqual([{ n: "Ana" }]);
  });
});

// ── The migration (X-ORD-1): every row of the previous release keeps what it said ──

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";
const TWO_STATES = "0015_order_two_states";

/** The committed migrations up to (not including) the two states, in a folder of their own. */
async function previousRelease(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "grip-truth-migrations-"));
  await cp("drizzle", folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === TWO_STATES);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

interface Raw {
  query(text: string): Promise<Json[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A database of its own on the driver under test, with raw SQL and the migrator. */
async function freshDatabase(): Promise<Raw> {
  if (!onPostgres) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite();
    return {
      query: async (text) => (await client.query<Json>(text)).rows,
      migrate: (folder) => migrate(drizzle(client), { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `grip_truth_upgrade_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  return {
    query: async (text) => (await pool.query<Json>(text)).rows,
    migrate: (folder) => migrate(drizzle(pool), { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      // The pool's connection takes a moment to leave the server: a forced drop would cut it
      // mid-goodbye (an uncaught "terminating connection"), so wait while it is in use (55006).
      for (let attempt = 0; ; attempt++) {
        const dropped = await admin.query(`DROP DATABASE IF EXISTS ${name}`).then(
          () => true,
          (error: { code?: string }) => {
            if (error.code !== "55006" || attempt >= 50) throw error;
            return false;
          },
        );
        if (dropped) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.end();
    },
  };
}

describe("X-ORD-1: the migration to two states", () => {
  it("X-ORD-1: a database holding every old status becomes the right pairs, each status as it was", { tags: ["driver"] }, async () => {
    const folder = await previousRelease();
    const db = await freshDatabase();
    try {
      await db.migrate(folder);
      // One order in each old status; the refunded and partly refunded ones with the history a
      // shop would have (the step they had reached, a cancel, a refund that went through).
      const rows: [string, string, boolean, number][] = [
        // number, status, paid, refunded pence
        ["OLD-PENDING", "pending", false, 0],
        ["OLD-FAILED", "failed", false, 0],
        ["OLD-EXPIRED", "cancelled", false, 0],
        ["OLD-CANCELLED-PAID", "cancelled", true, 0],
        ["OLD-PAID", "paid", true, 0],
        ["OLD-MAKING", "in_production", true, 0],
        ["OLD-SENT", "dispatched", true, 0],
        ["OLD-DELIVERED", "delivered", true, 0],
        ["OLD-REFUNDED", "refunded", true, 5000],
        ["OLD-CANCEL-REFUNDED", "refunded", true, 5000],
        ["OLD-PARTLY", "partly_refunded", true, 500],
        ["OLD-PARTLY-MAKING", "partly_refunded", true, 500],
        ["OLD-SENT-AFTER-REFUND", "dispatched", true, 500],
      ];
      for (const [number, status, paid, refunded] of rows) {
        await db.query(`INSERT INTO orders (order_number, status, payment_provider, subtotal_pence,
          shipping_pence, total_pence, refunded_pence, paid_at, customer_email)
          VALUES ('${number}', '${status}', 'sandbox', 5000, 0, 5000, ${refunded},
          ${paid ? "now()" : "NULL"}, 'old@example.com')`);
      }
      const event = async (number: string, status: string) =>
        db.query(`INSERT INTO order_events (order_id, kind, actor, before, after)
          SELECT id, 'status', 'owner@example.com', '{"status":"paid"}', '{"status":"${status}"}'
          FROM orders WHERE order_number = '${number}'`);
      const refund = async (number: string, pence: number) =>
        db.query(`INSERT INTO order_refunds (order_id, amount_pence, provider, status, created_by)
          SELECT id, ${pence}, 'sandbox', 'succeeded', 'owner@example.com'
          FROM orders WHERE order_number = '${number}'`);
      await event("OLD-CANCEL-REFUNDED", "cancelled");
      await refund("OLD-CANCEL-REFUNDED", 5000);
      await refund("OLD-REFUNDED", 5000);
      await refund("OLD-PARTLY", 500);
      await event("OLD-PARTLY-MAKING", "in_production");
      await refund("OLD-PARTLY-MAKING", 500);
      await refund("OLD-SENT-AFTER-REFUND", 500);
      await event("OLD-SENT-AFTER-REFUND", "dispatched");
      const before = await db.query("SELECT count(*)::int AS n FROM orders");

      await db.migrate(path.resolve("drizzle"));

      const after = await db.query(
        "SELECT order_number, payment_status, fulfilment_status, refunded_pence FROM orders ORDER BY order_number",
      );
      expect(after).toHaveLength(Number(before[0]!.n));
      // X-ARCH-6: the one-value column is gone (0028); the label is made from the pair.
      const columns = await db.query(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name = 'status'",
      );
      expect(columns).toEqual([]);
      const pairs = Object.fromEntries(
        after.map((r) => {
          const states = {
            paymentStatus: r.payment_status as PaymentStatus,
            fulfilmentStatus: r.fulfilment_status as FulfilmentStatus,
          };
          return [r.order_number, `${r.payment_status}/${r.fulfilment_status} ${legacyStatus(states)}`];
        }),
      );
      expect(pairs).toEqual({
        "OLD-PENDING": "pending/unfulfilled pending",
        "OLD-FAILED": "failed/unfulfilled failed",
        "OLD-EXPIRED": "expired/cancelled cancelled",
        "OLD-CANCELLED-PAID": "paid/cancelled cancelled",
        "OLD-PAID": "paid/unfulfilled paid",
        "OLD-MAKING": "paid/in_production in_production",
        "OLD-SENT": "paid/dispatched dispatched",
        "OLD-DELIVERED": "paid/delivered delivered",
        "OLD-REFUNDED": "refunded/unfulfilled refunded",
        "OLD-CANCEL-REFUNDED": "refunded/cancelled refunded",
        "OLD-PARTLY": "partly_refunded/unfulfilled partly_refunded",
        "OLD-PARTLY-MAKING": "partly_refunded/in_production partly_refunded",
        // The one status that changes: the one value had lost its partial refund when it moved
        // on; the pair keeps both, and the derived status now says the refund.
        "OLD-SENT-AFTER-REFUND": "partly_refunded/dispatched partly_refunded",
      });
      // Nothing else about the rows moved.
      expect(after.map((r) => r.refunded_pence)).toEqual(
        [...rows].sort((a, b) => a[0].localeCompare(b[0])).map((r) => r[3]),
      );
    } finally {
      await db.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
