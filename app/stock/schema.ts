import { sql } from "drizzle-orm";
import {
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

// ---- Stock and lead times (X-STK-1..4) ----

/**
 * A variant's stock (X-STK-1): product + option + size (+ colour, '' when the option has none).
 * No row, or a NULL quantity, is made to order; a number is what is left to sell.
 */
export const variantStock = pgTable(
  "variant_stock",
  {
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    quantity: integer("quantity"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.optionType, table.size, table.color] }),
    check(
      "variant_stock_quantity_non_negative",
      sql`${table.quantity} IS NULL OR ${table.quantity} >= 0`,
    ),
  ],
);

/**
 * Back-in-stock alerts (X-FIT-3, issue 37): an e-mail address waiting for a sold-out variant.
 * Kept unconfirmed until its confirm link is used (double opt-in), at most 7 days; a confirmed one
 * is deleted in the transaction that queues its one "back in stock" e-mail. `token` names it in
 * the confirm and unsubscribe links.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    color: text("color").notNull().default(""),
    email: text("email").notNull(),
    token: text("token").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("stock_alerts_variant_email_idx").on(
      table.productId,
      table.optionType,
      table.size,
      table.color,
      table.email,
    ),
  ],
);
