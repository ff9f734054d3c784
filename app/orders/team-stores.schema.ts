import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import {
  CUSTOM_TEXT_MAX,
  TEAM_EXPECTED_SIZE_DEFAULT,
  TEAM_EXPECTED_SIZE_MAX,
  TEAM_DELIVERY_PRICE_MAX_PENCE,
  TEAM_NOTE_MAX,
} from "~/shared/limits";

/**
 * The team stores' own row (X-TEAM-1), defined with the orders because order lines and orders
 * name their team by slug (a foreign key) and orders/ may not import teams/. app/teams/ owns and
 * writes it; app/teams/schema.ts re-exports it for teams/ and flows/.
 */
export const TEAM_STATUSES = [
  "open",
  "closed",
  "in_production",
  "dispatched",
  "cancelled",
] as const;
export type TeamStatus = (typeof TEAM_STATUSES)[number];
export const TEAM_DELIVERIES = ["together", "individual"] as const;
/** X-TEAM-7: who pays: each member for their own kit, or the organiser once for everyone. */
export const TEAM_PAYMENTS = ["members", "organiser"] as const;
export type TeamPayment = (typeof TEAM_PAYMENTS)[number];
export type TeamDelivery = (typeof TEAM_DELIVERIES)[number];

/**
 * A team store (X-TEAM-1): an academy's kit at team prices, ordered by its members from
 * /team/<slug> until `closes_at`. The organiser's private link carries a key kept here only as
 * its SHA-256 hash. `summary_sent_at` is set once, by whichever process closes the team.
 */
export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    organiserName: text("organiser_name").notNull(),
    organiserEmail: text("organiser_email").notNull(),
    organiserKeyHash: text("organiser_key_hash").notNull(),
    /**
     * X-SEC-25: the members' key of a store the academy pays for (`memberUrl`): an entry needs it
     * (or the organiser's). Kept as it is, since the organiser's and the owner's pages show the
     * members' link; it opens nothing but the entry form. A team made before it got one at the
     * upgrade (the default: 32 hex characters from the database's strong random).
     */
    memberKey: text("member_key")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    closesAt: timestamp("closes_at", { withTimezone: true }).notNull(),
    delivery: text("delivery", { enum: TEAM_DELIVERIES }).notNull(),
    deliveryAddress: text("delivery_address"),
    /** Issue 41: what each member order delivered together pays for its delivery (default £0). */
    deliveryPricePence: integer("delivery_price_pence").notNull().default(0),
    /** Issue 41: the owner's note to members, shown on the team's page; changeable at any time. */
    note: text("note"),
    minimumItems: integer("minimum_items"),
    /** X-SEC-16: how many members the owner expects; the roster invites at most this many. */
    expectedSize: integer("expected_size").notNull().default(TEAM_EXPECTED_SIZE_DEFAULT),
    memberNames: boolean("member_names").notNull().default(false),
    fixedText: text("fixed_text").notNull(),
    status: text("status", { enum: TEAM_STATUSES }).notNull().default("open"),
    /** X-TEAM-7: "organiser" when the academy pays once for every member's entry. */
    payment: text("payment", { enum: TEAM_PAYMENTS }).notNull().default("members"),
    summarySentAt: timestamp("summary_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("teams_closing_idx")
      .on(table.closesAt)
      .where(sql`${table.summarySentAt} IS NULL`),
    check(
      "teams_fixed_text_length",
      sql`char_length(${table.fixedText}) BETWEEN 1 AND ${limit(CUSTOM_TEXT_MAX)}`,
    ),
    check("teams_payment_known", sql`${table.payment} IN ('members', 'organiser')`),
    check(
      "teams_note_length",
      sql`${table.note} IS NULL OR char_length(${table.note}) <= ${limit(TEAM_NOTE_MAX)}`,
    ),
    check(
      "teams_delivery_price_range",
      sql`${table.deliveryPricePence} BETWEEN 0 AND ${limit(TEAM_DELIVERY_PRICE_MAX_PENCE)}`,
    ),
    check(
      "teams_minimum_items_positive",
      sql`${table.minimumItems} IS NULL OR ${table.minimumItems} > 0`,
    ),
    check(
      "teams_expected_size_range",
      sql`${table.expectedSize} BETWEEN 1 AND ${limit(TEAM_EXPECTED_SIZE_MAX)}`,
    ),
  ],
);
