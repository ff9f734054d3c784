import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Shoppers' carts (issue 25, X-PE-1): named by a random id in an HttpOnly cookie. `lines` holds
 * each line as the customer chose it (the whole line-choice object, app/shared/line-choice.ts),
 * never a price: the server prices a cart each time it shows it. Kept 30 days from the last
 * change, then swept (the `cart-sweep` job).
 */
export const carts = pgTable(
  "carts",
  {
    id: text("id").primaryKey(),
    lines: jsonb("lines")
      .notNull()
      .default(sql`'[]'::jsonb`),
    discountCode: text("discount_code"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("carts_updated_idx").on(table.updatedAt)],
);
