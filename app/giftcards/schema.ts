import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const GIFT_CARD_STATUSES = ["pending", "active", "void", "cancelled"] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

/**
 * Gift cards (issue 54, X-GIFT-2): a card bought on an order is `pending` until the order is
 * paid, then `active` with its code; one issued by the owner is `active` at once. The code is
 * never stored: only its keyed hash (HMAC-SHA256 with the shop's stored key) and its last four
 * characters for display. `orderId` names the order it was bought on (no foreign key: orders/
 * is another capability), which is also how a refund of that purchase finds it.
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    codeHash: text("code_hash").unique(),
    lastFour: text("last_four"),
    status: text("status", { enum: GIFT_CARD_STATUSES }).notNull(),
    initialPence: integer("initial_pence").notNull(),
    /** What the card still holds (holds of open checkouts are counted apart, in gift_card_holds). */
    balancePence: integer("balance_pence").notNull(),
    /** YYYY-MM-DD: the last day it can be spent. Set when it is issued. */
    expiresOn: text("expires_on"),
    orderId: uuid("order_id"),
    orderLinePosition: integer("order_line_position"),
    buyerEmail: text("buyer_email"),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email"),
    message: text("message"),
    /** YYYY-MM-DD: the day the recipient is e-mailed (null: the day it is issued). */
    sendOn: text("send_on"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("gift_cards_balance_range", sql`${table.balancePence} >= 0`),
    index("gift_cards_order").on(table.orderId),
  ],
);

export const GIFT_HOLD_STATUSES = ["held", "captured", "released"] as const;

/**
 * An amount of a card held by an open checkout (X-GIFT-3): taken in the transaction that stores
 * the pending order, under a lock on the card's row, so two checkouts never hold the same pounds;
 * captured (taken off the balance) when the order is paid, released when it is cancelled or
 * expires (the order's own cancellation gives it back, in that transaction).
 */
export const giftCardHolds = pgTable(
  "gift_card_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => giftCards.id),
    orderId: uuid("order_id").notNull(),
    amountPence: integer("amount_pence").notNull(),
    status: text("status", { enum: GIFT_HOLD_STATUSES }).notNull().default("held"),
    /** What of the captured amount has been given back to the card by refunds. */
    refundedPence: integer("refunded_pence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("gift_card_holds_amount", sql`${table.amountPence} > 0`),
    index("gift_card_holds_card").on(table.cardId),
    index("gift_card_holds_order").on(table.orderId),
  ],
);

export const GIFT_EVENT_KINDS = [
  "issued",
  "sent",
  "spent",
  "refunded",
  "voided",
  "adjusted",
] as const;
export type GiftEventKind = (typeof GIFT_EVENT_KINDS)[number];

/** A card's history (X-GIFT-6): what changed its balance or its state, and why. */
export const giftCardEvents = pgTable(
  "gift_card_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cardId: uuid("card_id")
      .notNull()
      .references(() => giftCards.id),
    kind: text("kind", { enum: GIFT_EVENT_KINDS }).notNull(),
    /** The change to the balance (spent is negative); 0 for issued-by-order's sent. */
    amountPence: integer("amount_pence").notNull().default(0),
    orderId: uuid("order_id"),
    /** The order's number as it was, for the history's words. */
    orderNumber: text("order_number"),
    reason: text("reason"),
    actor: text("actor"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("gift_card_events_card").on(table.cardId)],
);
