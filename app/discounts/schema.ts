import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Discount codes (S-CHK-3), stored upper-case and matched case-insensitively. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    code: text("code").primaryKey(),
    percent: integer("percent").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // ── X-OPS-9: dates, a usage limit and a minimum spend ──
    /** Not usable before this time (null: from now). */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    /** Not usable from this time on (null: no end). */
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** At most this many pending-or-paid orders hold the code (null: no limit). */
    usageLimit: integer("usage_limit"),
    /** Pending-or-paid orders holding the code: taken in the order's transaction, given back
     *  in the transaction that cancels or expires it (app/discounts/redemption.server.ts). */
    uses: integer("uses").notNull().default(0),
    /** The subtotal before discount must be at least this (null: none). */
    minimumSpendPence: integer("minimum_spend_pence"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("discount_codes_upper", sql`${table.code} = upper(${table.code})`),
    check("discount_codes_percent_range", sql`${table.percent} BETWEEN 1 AND 100`),
    check("discount_codes_uses_non_negative", sql`${table.uses} >= 0`),
    check(
      "discount_codes_usage_limit_positive",
      sql`${table.usageLimit} IS NULL OR ${table.usageLimit} >= 1`,
    ),
    check(
      "discount_codes_minimum_spend_non_negative",
      sql`${table.minimumSpendPence} IS NULL OR ${table.minimumSpendPence} >= 0`,
    ),
    check(
      "discount_codes_dates_ordered",
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.startsAt} < ${table.endsAt}`,
    ),
  ],
);
