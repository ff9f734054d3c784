import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import { CUSTOM_TEXT_MAX } from "~/shared/limits";
import { orders } from "./orders.schema";
import { orderRefunds } from "./money.schema";
import { teams } from "./team-stores.schema";

/** An order's lines, what they took from stock and its history (X-STK-3, X-OPS-3). */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    productName: text("product_name").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    beltRank: text("belt_rank"),
    color: text("color"),
    /** The customer's own text (a name), at most 20 characters. */
    customText: text("custom_text"),
    nameCustomisation: boolean("name_customisation").notNull().default(false),
    quantity: integer("quantity").notNull(),
    unitPricePence: integer("unit_price_pence").notNull(),
    /** The unit price it was reduced from when it was sold (a compare-at price or a sale). */
    wasUnitPricePence: integer("was_unit_price_pence"),
    lineTotalPence: integer("line_total_pence").notNull(),
    /** Every item of the line came from stock (X-STK-2: "Dispatched in 2-3 working days"). */
    fromStock: boolean("from_stock").notNull().default(false),
    /** X-TEAM-2: the team store the line was ordered from (its custom text is the team's fixed
     *  text), and the member's own name to print, if any. */
    teamSlug: text("team_slug").references(() => teams.slug),
    printName: text("print_name"),
    /** X-TEAM-7: the member whose entry this line is, when the organiser paid for everyone. */
    memberName: text("member_name"),
    /** Issue 41: a team line cancelled with its team while the order's other lines carry on, and
     *  the refund that gave its money back (a failed refund leaves it to refund again). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** X-VAT-2: the line's VAT rate and its part of that rate's VAT, decided when the order was
     *  priced (app/pricing/vat.ts) and never changed after. */
    vatRatePercent: integer("vat_rate_percent").notNull().default(20),
    vatPence: integer("vat_pence").notNull().default(0),
    cancelRefundId: uuid("cancel_refund_id").references((): AnyPgColumn => orderRefunds.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId, table.position),
    index("order_lines_product_idx").on(table.productId),
    index("order_lines_team_idx")
      .on(table.teamSlug)
      .where(sql`${table.teamSlug} IS NOT NULL`),
    check(
      "order_lines_print_name_length",
      sql`${table.printName} IS NULL OR char_length(${table.printName}) <= ${limit(CUSTOM_TEXT_MAX)}`,
    ),
    check("order_lines_quantity_positive", sql`${table.quantity} > 0`),
    check(
      "order_lines_vat_non_negative",
      sql`${table.vatRatePercent} >= 0 AND ${table.vatPence} >= 0`,
    ),
    check("order_lines_price_non_negative", sql`${table.unitPricePence} >= 0`),
    check(
      "order_lines_total_adds_up",
      sql`${table.lineTotalPence} = ${table.unitPricePence} * ${table.quantity}`,
    ),
    check(
      "order_lines_custom_text_length",
      sql`${table.customText} IS NULL OR char_length(${table.customText}) <= ${limit(CUSTOM_TEXT_MAX)}`,
    ),
  ],
);

/**
 * What a pending or paid order took from stock, per line and variant (a bundle line takes one of
 * each of its items), so cancelling or expiring gives back exactly that, once (X-STK-3, X-STK-4).
 */
export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    quantity: integer("quantity").notNull(),
    /** Set when the stock went back to variant_stock; never twice. */
    returnedAt: timestamp("returned_at", { withTimezone: true }),
  },
  (table) => [
    index("stock_reservations_order_idx").on(table.orderId),
    check("stock_reservations_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

/** An order's history (X-OPS-3): what changed, by whom ("system", "customer" or an e-mail). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actor: text("actor").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("order_events_order_idx").on(table.orderId, table.id)],
);
