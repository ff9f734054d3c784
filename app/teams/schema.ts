import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import { CUSTOM_TEXT_MAX } from "~/shared/limits";
import { orders } from "~/orders/schema";
import { teams } from "~/orders/team-stores.schema";

/**
 * X-SEC-16: each roster invitation a team sent, one row per address per UK day (`day`, London
 * date): the primary key keeps it to one a day across processes and uploads, and the team's
 * caps are counted here.
 */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    day: text("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.email, table.day] }),
    index("team_invitations_day_idx").on(table.teamId, table.day),
  ],
);

/** What a team store offers (X-TEAM-1): a product's option at the team's price. */
export const teamProducts = pgTable(
  "team_products",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    teamPricePence: integer("team_price_pence").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.teamId, table.productId, table.optionType] }),
    check("team_products_price_non_negative", sql`${table.teamPricePence} >= 0`),
  ],
);

/**
 * X-TEAM-7: a member's entry in a team store the organiser pays for: their choice and name,
 * with no card. `order_id` is the organiser's order that pays for it, set when the organiser
 * starts paying; an entry whose order ended unpaid (expired, failed, cancelled) is to pay again.
 */
export const teamEntries = pgTable(
  "team_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    size: text("size").notNull(),
    beltRank: text("belt_rank"),
    color: text("color"),
    printName: text("print_name"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("team_entries_team_idx").on(table.teamId, table.createdAt),
    index("team_entries_order_idx")
      .on(table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
    check(
      "team_entries_print_name_length",
      sql`${table.printName} IS NULL OR char_length(${table.printName}) <= ${limit(CUSTOM_TEXT_MAX)}`,
    ),
  ],
);

/** The team store's own row is defined with the orders, which name it by slug (a foreign key
 *  orders/ may not point upwards to teams/): teams/ owns it and reads it from here. */
export {
  TEAM_DELIVERIES,
  TEAM_PAYMENTS,
  TEAM_STATUSES,
  type TeamDelivery,
  type TeamPayment,
  type TeamStatus,
  teams,
} from "~/orders/team-stores.schema";
