import { exchangesOfOrder } from "~/flows/returns/exchanges.server";
import type { ExchangeFulfilment } from "~/returns/schema";
import { and, asc, desc, eq, inArray, not, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { auditFor, recordAudit } from "~/security/audit.server";
import {
  listReturnRequests,
  orderHasExchangeWaitingSql,
  type ReturnRequestSummary,
} from "~/returns/requests.server";
import type { Database } from "~/db/client.server";
import {
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  ORDER_STATUSES,
  orderEvents,
  orderLines,
  orders,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "~/orders/schema";
import { teams } from "~/teams/schema";
import type { Order, OrderLine } from "~/orders/orders.server";
import { normaliseOrderNumber } from "~/orders/order-number";
import { needsMakingSql, statusIsSql, workListSql } from "~/orders/states.server";
import { legacyStatus, type OrderPath, orderPath, WORK_LISTS } from "~/orders/status";
import { listQueryFields, listQueryFrom } from "~/shared/schemas";
import { hasNoNul } from "~/shared/text";
import { type Refund, refundsOfOrder } from "../refunds/refunds.server";
import { type AttentionItem, needingAttention, needsAttention } from "./attention.server";
import { restockableReturns } from "../returns/return-actions.server";
import { ORDER_NOTE_MAX, ORDERS_PAGE_SIZE } from "~/shared/limits";
import type { Problem } from "~/shared/problems";

/** A comma-separated list of states, each one of `states`; anything else drops the filter. */
function statesIn<const T extends readonly [string, ...string[]]>(states: T) {
  return z
    .string()
    .transform((text) => [...new Set(text.split(","))])
    .pipe(z.array(z.enum(states)).min(1).max(states.length))
    .optional()
    .catch(undefined);
}

/** The list's filters, from a query string (X-OPS-2); anything unknown is dropped, not an error. */
export const orderFilterSchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  /** X-ORD-1: the money's state and the making's, each one value or several (`paid,partly_refunded`). */
  payment: statesIn(PAYMENT_STATUSES),
  fulfilment: statesIn(FULFILMENT_STATUSES),
  /** Issue 53: the owner's work lists, "to_make" (made to order, not made yet) and "to_ship"
   *  (made, or off the shelf and not sent). */
  work: z.enum(WORK_LISTS).optional().catch(undefined),
  ...listQueryFields,
  /** Issue 27: only orders with a refund or a payment that needs the owner. */
  attention: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((on) => on === "1"),
});
export type OrderFilter = z.infer<typeof orderFilterSchema>;

export function parseOrderFilter(params: URLSearchParams): OrderFilter {
  return orderFilterSchema.parse({
    status: params.get("status") || undefined,
    payment: params.get("payment") || undefined,
    fulfilment: params.get("fulfilment") || undefined,
    work: params.get("work") || undefined,
    ...listQueryFrom(params),
    attention: params.get("attention") ?? undefined,
  });
}

const customerName = sql<string>`trim(coalesce(${orders.shippingAddress}->>'firstName', '') || ' ' || coalesce(${orders.shippingAddress}->>'lastName', ''))`;

function whereOf(filter: OrderFilter, now: Date): SQL | undefined {
  const conditions: SQL[] = [];
  // Checkouts not yet paid have their own filter (X-DAY-3): out of the default list and export.
  if (filter.status) conditions.push(statusIsSql(filter.status));
  if (filter.payment) conditions.push(inArray(orders.paymentStatus, filter.payment));
  if (filter.fulfilment) conditions.push(inArray(orders.fulfilmentStatus, filter.fulfilment));
  // Issue 53: an order with a replacement size waiting is on the list for it too.
  if (filter.work) {
    conditions.push(or(workListSql(filter.work), orderHasExchangeWaitingSql(filter.work))!);
  }
  // A payment for a checkout the shop had closed needs attention whatever the order's status.
  const chosen = filter.status || filter.payment || filter.fulfilment || filter.work;
  if (!chosen && !filter.attention) conditions.push(not(statusIsSql("pending")));
  if (filter.attention) conditions.push(needingAttention(now));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${orders.orderNumber} ILIKE ${pattern} OR ${orders.customerEmail} ILIKE ${pattern} OR ${customerName} ILIKE ${pattern})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export interface OrderListRow {
  order_number: string;
  status: string;
  payment_status: PaymentStatus;
  fulfilment_status: FulfilmentStatus;
  total_pence: number;
  customer_email: string | null;
  customer_name: string;
  created_at: string;
  items: number;
  /** The delivery chosen at checkout (X-DAY-3): uk-standard, uk-express or international. */
  shipping_method: string;
  /** Issue 53: "stock" (every line off the shelf: ready to dispatch) or "make". */
  path: OrderPath;
  /** X-TEAM-6: delivered with its team (no method of its own); the badge says "With the team". */
  team_delivery: boolean;
}

/** Orders newest first, filtered and paged 50 at a time (X-OPS-2). */
export async function listOrders(
  db: Database,
  filter: OrderFilter,
  now: Date,
): Promise<{ orders: OrderListRow[]; total: number; page: number; pageSize: number }> {
  const where = whereOf(filter, now);
  // Written out in full: inside a one-table select Drizzle leaves column names unqualified.
  const items = sql<number>`(SELECT coalesce(sum(ol.quantity), 0)::int FROM order_lines ol WHERE ol.order_id = "orders"."id")`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        order_number: orders.orderNumber,
        payment_status: orders.paymentStatus,
        fulfilment_status: orders.fulfilmentStatus,
        total_pence: orders.totalPence,
        customer_email: orders.customerEmail,
        customer_name: customerName,
        created_at: orders.createdAt,
        items,
        shipping_method: orders.shippingMethod,
        needs_making: needsMakingSql(),
        team_delivery: sql<boolean>`${orders.teamDeliverySlug} IS NOT NULL`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(ORDERS_PAGE_SIZE)
      .offset((filter.page - 1) * ORDERS_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(where),
  ]);
  return {
    orders: rows.map(({ order_number, needs_making, ...r }) => ({
      order_number,
      // The one-value label older clients read, made from the two states (X-ORD-1).
      status: legacyStatus({
        paymentStatus: r.payment_status,
        fulfilmentStatus: r.fulfilment_status,
      }),
      ...r,
      created_at: r.created_at.toISOString(),
      items: Number(r.items),
      path: needs_making ? ("make" as const) : ("stock" as const),
      team_delivery: Boolean(r.team_delivery),
    })),
    total: Number(counted?.n ?? 0),
    page: filter.page,
    pageSize: ORDERS_PAGE_SIZE,
  };
}

export type OrderEvent = typeof orderEvents.$inferSelect;

/** One entry of an order's history: what changed, who did it ("customer", "system" or an owner's e-mail), when. */
export interface HistoryEntry {
  at: string;
  actor: string;
  kind: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note: string | null;
}

/**
 * The order's history: placing and paying it (the customer's steps, from the order itself)
 * followed by every recorded change.
 */
export function historyOf(order: Order, events: readonly OrderEvent[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [
    {
      at: order.createdAt.toISOString(),
      actor: "customer",
      kind: "placed",
      before: null,
      after: { status: "pending" },
      note: null,
    },
  ];
  if (order.paidAt) {
    entries.push({
      at: order.paidAt.toISOString(),
      // The sandbox's payment page is the customer; Stripe's webhook is the system.
      actor: order.paymentProvider === "stripe" ? "system" : "customer",
      kind: "status",
      before: { status: "pending" },
      after: { status: "paid" },
      note: null,
    });
  }
  for (const e of events) {
    entries.push({
      at: e.createdAt.toISOString(),
      actor: e.actor,
      kind: e.kind,
      before: e.before,
      after: e.after,
      note: e.note,
    });
  }
  return entries;
}

/** An order line with the name of the team it was ordered from, if any (X-TEAM-6). */
export type OrderLineWithTeam = OrderLine & { teamName: string | null };

/** The lines of some orders, in order, each with its team's name beside its slug. */
async function linesWithTeams(db: Database, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ line: orderLines, teamName: teams.name })
    .from(orderLines)
    .leftJoin(teams, eq(teams.slug, orderLines.teamSlug))
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.position));
  return rows.map(({ line, teamName }): OrderLineWithTeam => ({ ...line, teamName }));
}

export interface OrderDetail {
  order: Order;
  lines: OrderLineWithTeam[];
  history: HistoryEntry[];
  refunds: Refund[];
  audit: Awaited<ReturnType<typeof auditFor>>;
  returns: ReturnRequestSummary[];
  /** Received returns with stocked items to put back (X-DAY-1). */
  restockable: string[];
  /** Refunds and payments of this order that need the owner (issue 27). */
  attention: AttentionItem[];
  /** X-FIT-2: size exchanges, each a fulfilment of its own of this order. */
  exchanges: ExchangeFulfilment[];
  /** Issue 53: off the shelf (dispatched at once) or made (in production, made, dispatched). */
  path: OrderPath;
}

export async function findOrderByNumber(db: Database, orderNumber: string) {
  const number = normaliseOrderNumber(orderNumber);
  if (!number) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.orderNumber, number)).limit(1);
  return order;
}

/** Everything the order page shows (X-OPS-3). */
export async function orderDetail(
  db: Database,
  orderNumber: string,
  now: Date,
): Promise<OrderDetail | undefined> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order) return undefined;
  const [lines, history, refunds, audit, returns, attention, exchanges] = await Promise.all([
    linesWithTeams(db, [order.id]),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .orderBy(asc(orderEvents.id)),
    refundsOfOrder(db, order.id),
    auditFor(db, `order:${order.orderNumber}`),
    listReturnRequests(db, { orderNumber: order.orderNumber }),
    needsAttention(db, now, { orderId: order.id }),
    exchangesOfOrder(db, order.id),
  ]);
  const restockable = await restockableReturns(db, returns);
  return {
    order,
    lines,
    history: historyOf(order, history),
    refunds,
    audit,
    returns,
    attention,
    restockable,
    exchanges,
    path: orderPath(lines),
  };
}

/** Orders with their lines, for the packing slips of several orders at once (X-OPS-5). */
export async function ordersForPrint(db: Database, orderNumbers: readonly string[]) {
  const wanted = [
    ...new Set(orderNumbers.map(normaliseOrderNumber).filter((n): n is string => Boolean(n))),
  ].slice(0, 100);
  if (wanted.length === 0) return [];
  const found = await db.select().from(orders).where(inArray(orders.orderNumber, wanted));
  const lines = await linesWithTeams(
    db,
    found.map((o) => o.id),
  );
  return (
    wanted
      .map((n) => found.find((o) => o.orderNumber === n))
      .filter((o): o is Order => Boolean(o))
      // A line cancelled with its team is neither made nor packed (issue 41).
      .map((order) => ({
        order,
        lines: lines.filter((l) => l.orderId === order.id && l.cancelledAt === null),
      }))
  );
}

const noteInput = z.object({
  note: z
    .string()
    .trim()
    .min(1, "Write the note first.")
    .max(
      ORDER_NOTE_MAX,
      `A note can have at most ${ORDER_NOTE_MAX.toLocaleString("en-GB")} characters.`,
    )
    .refine(hasNoNul, "The note has a character that is not allowed."),
});

/** An internal note on an order (X-OPS-3), in its history and the audit log. */
export async function addOrderNote(
  db: Database,
  orderNumber: string,
  input: unknown,
  actor: string,
): Promise<{ ok: true; event: OrderEvent } | Problem> {
  const parsed = noteInput.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      kind: "invalid_input",
      message: parsed.error.issues[0]?.message ?? "Invalid note.",
    };
  }
  const order = await findOrderByNumber(db, orderNumber);
  if (!order) return { ok: false, kind: "not_found", message: "No order has that number." };
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(orderEvents)
      .values({ orderId: order.id, kind: "note", actor, note: parsed.data.note })
      .returning();
    await recordAudit(tx, {
      actor,
      action: "order.note",
      subject: `order:${order.orderNumber}`,
      after: { note: parsed.data.note },
    });
    return { ok: true as const, event: event! };
  });
}

/** Every line of every order in the filter (no paging), for the CSV export (X-OPS-6). */
export async function linesForExport(db: Database, filter: OrderFilter, now: Date) {
  return db
    .select({ order: orders, line: orderLines, customerName, teamName: teams.name })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .leftJoin(teams, eq(teams.slug, orderLines.teamSlug))
    .where(whereOf(filter, now))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber), asc(orderLines.position));
}
