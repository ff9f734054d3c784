import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import { RETURN_REASON_MAX } from "~/shared/limits";
import { orders, orderLines, orderRefunds } from "~/orders/schema";

// ---- Returns requests (X-UK-5) -------------------------------------------------------------

export const RETURN_REQUEST_STATUSES = ["requested", "received", "refunded"] as const;
export type ReturnRequestStatus = (typeof RETURN_REQUEST_STATUSES)[number];

/** A customer's request to send items back under the 14-day right to cancel (X-UK-5). */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: RETURN_REQUEST_STATUSES }).notNull().default("requested"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** Who marked it received (the owner's e-mail). */
    receivedBy: text("received_by"),
    /** Refunded from the return (X-DAY-1): when, and which refund. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundId: uuid("refund_id").references(() => orderRefunds.id, { onDelete: "set null" }),
    /** Its stocked items were put back in stock, once (X-DAY-1). */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
  },
  (table) => [
    index("return_requests_order_idx").on(table.orderId),
    index("return_requests_created_idx").on(table.createdAt.desc()),
    check(
      "return_requests_reason_length",
      sql`char_length(btrim(${table.reason})) BETWEEN 1 AND ${limit(RETURN_REASON_MAX)}`,
    ),
    check(
      "return_requests_received_has_time",
      sql`${table.status} <> 'received' OR ${table.receivedAt} IS NOT NULL`,
    ),
    check(
      "return_requests_refunded_has_time",
      sql`${table.status} <> 'refunded' OR (${table.refundedAt} IS NOT NULL AND ${table.receivedAt} IS NOT NULL)`,
    ),
  ],
);

/** The order lines a request sends back: each line at most once across all requests. */
export const returnRequestLines = pgTable(
  "return_request_lines",
  {
    returnRequestId: uuid("return_request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** X-FIT-2: the size the buyer asked for instead of a refund (same product and option). */
    exchangeSize: text("exchange_size"),
  },
  (table) => [
    uniqueIndex("return_request_lines_order_line_unique").on(table.orderLineId),
    index("return_request_lines_request_idx").on(table.returnRequestId),
    check("return_request_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export const EXCHANGE_STATUSES = ["to_make", "to_ship", "refund", "dispatched"] as const;
export type ExchangeStatus = (typeof EXCHANGE_STATUSES)[number];

/**
 * X-FIT-2: a size exchange, decided when the return is received: a fulfilment of its own of the
 * same order (no new payment; a size costs what its option costs), "to_ship" when the new size
 * was reserved from stock, "to_make" when it is made to order, or "refund" when the size had run
 * out (the line is refunded like any return instead). One per returned line.
 */
export const exchangeFulfilments = pgTable(
  "exchange_fulfilments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    returnRequestId: uuid("return_request_id")
      .notNull()
      .references(() => returnRequests.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: EXCHANGE_STATUSES }).notNull(),
    fromStock: boolean("from_stock").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when the owner sends the replacement (X-FIT-2): its own parcel and tracking. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("exchange_fulfilments_order_line_unique").on(table.orderLineId),
    index("exchange_fulfilments_order_idx").on(table.orderId),
    check("exchange_fulfilments_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export type ExchangeFulfilment = typeof exchangeFulfilments.$inferSelect;
