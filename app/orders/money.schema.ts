import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import { REFUND_REASON_MAX } from "~/shared/limits";
import { orders } from "./orders.schema";
import type { VatBand } from "~/pricing/vat";

/** An order's refunds and the payments it would not take (X-OPS-4, issue 27). */
/** Refunds through the payment provider (X-OPS-4). */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    /** "gift_card": the part of a refund given back to the gift cards that paid (X-GIFT-5). */
    provider: text("provider", { enum: ["sandbox", "stripe", "gift_card"] }).notNull(),
    providerReference: text("provider_reference"),
    status: text("status", { enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * A payment that did not belong to its order (issue 27: "Refund this payment"): the refund
     * gives back that payment, not the order's, and leaves the order's refunded total alone.
     */
    flaggedPaymentId: uuid("flagged_payment_id").references(() => flaggedPayments.id, {
      onDelete: "set null",
    }),
    /** How many times the provider has been asked (the first request and the retry job's). */
    attempts: integer("attempts").notNull().default(0),
    /** When the retry job may ask again; a claim moves it on, so one process asks at a time. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** The last unclear answer (a timeout, a dropped connection, a 5xx, "pending" at Stripe). */
    lastError: text("last_error"),
    /** The provider's reason when it refused or failed the refund. */
    failureReason: text("failure_reason"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** The owner's optional reason (X-DAY-1): in the order's history and the customer's e-mail. */
    reason: text("reason"),
    /** X-VAT-4: the VAT it gives back, by rate, in proportion to what it refunds. */
    vatPence: integer("vat_pence").notNull().default(0),
    vatBreakdown: jsonb("vat_breakdown")
      .$type<VatBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * X-GIFT-5: on the card payment's part of a refund split per tender, the gift cards' part of
     * the same refund, so the customer gets one e-mail for both, sent when the last of them settles.
     */
    giftCardRefundId: uuid("gift_card_refund_id").references((): AnyPgColumn => orderRefunds.id, {
      onDelete: "set null",
    }),
  },
  (table) => [
    index("order_refunds_order_idx").on(table.orderId),
    index("order_refunds_pending_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // A flagged payment is given back at most once: a second refund of it is refused by the
    // database while the first is pending or done.
    uniqueIndex("order_refunds_flagged_once_idx")
      .on(table.flaggedPaymentId)
      .where(sql`${table.status} <> 'failed'`),
    check("order_refunds_amount_positive", sql`${table.amountPence} > 0`),
    check(
      "order_refunds_reason_length",
      sql`${table.reason} IS NULL OR char_length(${table.reason}) <= ${limit(REFUND_REASON_MAX)}`,
    ),
  ],
);

/**
 * A payment the shop would not apply to its order (issue 27): the amount or currency did not
 * match, or it arrived after the order was cancelled or expired. Kept with what is needed to give
 * the money back, once, from "Needs attention".
 */
export const flaggedPayments = pgTable(
  "flagged_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
    /** The provider's session; one flag per session, however often its webhook comes. */
    sessionId: text("session_id").notNull().unique(),
    paymentReference: text("payment_reference"),
    amountPence: integer("amount_pence").notNull(),
    currency: text("currency").notNull(),
    /** Who paid, as the provider collected it: the order may never have had an address. */
    customerEmail: text("customer_email"),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("flagged_payments_order_idx").on(table.orderId)],
);
