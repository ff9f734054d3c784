import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { SHIPPING_METHOD_IDS } from "~/pricing/shipping";
import type { VatBand } from "~/pricing/vat";
import { teams } from "./team-stores.schema";

/** The orders table, its states and its numbers (X-ORD-1, X-DAY-3): written by app/orders/. */
export const ORDER_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "in_production",
  "made",
  "dispatched",
  "delivered",
  "refunded",
  "partly_refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order's money (X-ORD-1): refunds move it, nothing else does. */
export const PAYMENT_STATUSES = [
  "pending",
  "paid",
  "partly_refunded",
  "refunded",
  "failed",
  "expired",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order's making (X-ORD-1): the owner's workflow moves it, nothing else does. */
export const FULFILMENT_STATUSES = [
  "unfulfilled",
  "in_production",
  "made",
  "dispatched",
  "delivered",
  "cancelled",
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

/**
 * The numbers of orders made before numbers were given at payment (X-DAY-3). Kept so the
 * migration leaves existing data and its numbers as they are; nothing takes from it now.
 */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 10001 });

/** A checkout's reference until it is paid: CHK-1, CHK-2, … (gaps here do not matter). */
export const checkoutReferenceSeq = pgSequence("checkout_reference_seq", { startWith: 1 });

/**
 * The last order number given (X-DAY-3): one row, incremented in the transaction that marks an
 * order paid, so paid orders are numbered GT-10001, GT-10002, … with no gap and no duplicate;
 * a checkout that is never paid takes none. Created on first use from the highest number already
 * given (app/orders/order-number.server.ts).
 */
export const orderNumberCounter = pgTable(
  "order_number_counter",
  {
    id: integer("id").primaryKey().default(1),
    last: integer("last").notNull(),
  },
  (table) => [check("order_number_counter_one_row", sql`${table.id} = 1`)],
);

/** Postal address as captured on the payment page. */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  postcode: string;
  country: string;
}

/**
 * An order, stored with its server-computed money before payment (X-CHK-2) and marked paid
 * exactly once. Money is integer pence.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderNumber: text("order_number")
      .notNull()
      .unique()
      // A reference until paid; the number (GT-…) replaces it when the order is paid.
      .default(sql`'CHK-' || nextval('checkout_reference_seq')`),
    /** The money (X-ORD-1): pending until paid, then paid, partly refunded or refunded. */
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The making (X-ORD-1): unfulfilled, in production, made, dispatched, delivered or cancelled. */
    fulfilmentStatus: text("fulfilment_status", { enum: FULFILMENT_STATUSES })
      .notNull()
      .default("unfulfilled"),
    paymentProvider: text("payment_provider", { enum: ["sandbox", "stripe"] }).notNull(),
    /** The hosted payment session's id (the session_id in /payment and /order-confirmation). */
    paymentSessionId: text("payment_session_id").unique(),
    currency: text("currency").notNull().default("gbp"),
    subtotalPence: integer("subtotal_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull(),
    /** The delivery the customer chose (X-UK-1); shippingPence was charged for it. */
    shippingMethod: text("shipping_method", { enum: SHIPPING_METHOD_IDS })
      .notNull()
      .default("uk-standard"),
    discountCode: text("discount_code"),
    discountPercent: integer("discount_percent").notNull().default(0),
    discountPence: integer("discount_pence").notNull().default(0),
    totalPence: integer("total_pence").notNull(),
    /** X-GIFT-3: what of the total gift cards pay (held, then taken when paid); the card payment
     *  is the rest (`amountDuePence`). */
    giftCardPence: integer("gift_card_pence").notNull().default(0),
    /** X-VAT-2: the order's VAT by rate as it was charged (net + VAT = gross, the grosses adding
     *  up to the total); a later change of a product's rate never changes it. */
    vatBreakdown: jsonb("vat_breakdown")
      .$type<VatBand[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    shippingAddress: jsonb("shipping_address").$type<PostalAddress>(),
    billingAddress: jsonb("billing_address").$type<PostalAddress>(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    paymentReference: text("payment_reference"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    confirmationEmailSentAt: timestamp("confirmation_email_sent_at", { withTimezone: true }),
    /** Set by the back office; the 14-day right to cancel runs from delivery, or dispatch (X-UK-5). */
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    // ── X-SEC-5: a payment the shop could not accept as it came, for the owner ──
    /** Why the owner must look at this order (a payment that does not match it, a payment for a
     *  cancelled order to refund); null when all is well (X-SEC-5). */
    attentionReason: text("attention_reason"),
    attentionAt: timestamp("attention_at", { withTimezone: true }),
    /** Back office (X-OPS-4): set when the owner marks the order dispatched. */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** Back office (X-OPS-4): the sum of its refunds, never more than the total. */
    refundedPence: integer("refunded_pence").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** A pending order is cancelled at this time and gives back what it holds (X-STK-4). */
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '30 minutes'`),
    /** Times the customer has asked the payment page to keep the order longer (issue 56;
     *  HOLD_EXTENSIONS_MAX). */
    holdExtensions: integer("hold_extensions").notNull().default(0),
    /** Who started the checkout (the address's rate-limit key: IPv4, or an IPv6 /64), kept while
     *  the order is pending, for the cap on unpaid checkouts per address (X-SEC-11). */
    clientKey: text("client_key"),
    /** The server's cart the checkout was made from (a purchase without JavaScript): emptied
     *  when the payment is settled, whoever settles it (sec brief E, X-SEC-20). */
    cartId: text("cart_id"),
    /** X-TEAM-6: an order whose lines all go with a team delivered together: the team, and its
     *  delivery address as it was when the member checked out. The member gives no address; the
     *  order's shipping address is this one. Null for every other order. */
    teamDeliverySlug: text("team_delivery_slug").references(() => teams.slug),
    teamDeliveryAddress: text("team_delivery_address"),
  },
  (table) => [
    index("orders_pending_client_idx")
      .on(table.clientKey)
      .where(sql`${table.paymentStatus} = 'pending' AND ${table.fulfilmentStatus} = 'unfulfilled'`),
    index("orders_customer_email_idx").on(table.customerEmail),
    index("orders_pending_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.paymentStatus} = 'pending' AND ${table.fulfilmentStatus} = 'unfulfilled'`),
    index("orders_attention_idx").on(table.attentionAt),
    check(
      "orders_money_non_negative",
      sql`${table.subtotalPence} >= 0 AND ${table.shippingPence} >= 0 AND ${table.discountPence} >= 0 AND ${table.totalPence} >= 0`,
    ),
    check(
      "orders_total_adds_up",
      sql`${table.totalPence} = ${table.subtotalPence} + ${table.shippingPence} - ${table.discountPence}`,
    ),
    check("orders_discount_percent_range", sql`${table.discountPercent} BETWEEN 0 AND 100`),
    check(
      "orders_shipping_method_known",
      sql`${table.shippingMethod} IN ('uk-standard', 'uk-express', 'international')`,
    ),
    check(
      "orders_payment_status_known",
      sql`${table.paymentStatus} IN ('pending', 'paid', 'partly_refunded', 'refunded', 'failed', 'expired')`,
    ),
    check(
      "orders_fulfilment_status_known",
      sql`${table.fulfilmentStatus} IN ('unfulfilled', 'in_production', 'made', 'dispatched', 'delivered', 'cancelled')`,
    ),
    check(
      "orders_paid_has_time",
      sql`${table.paymentStatus} IN ('pending', 'failed', 'expired') OR ${table.paidAt} IS NOT NULL`,
    ),
    check(
      "orders_refund_within_total",
      sql`${table.refundedPence} >= 0 AND ${table.refundedPence} <= ${table.totalPence}`,
    ),
    index("orders_created_idx").on(table.createdAt.desc()),
    index("orders_to_make_idx")
      .on(table.createdAt.desc())
      .where(
        sql`${table.paymentStatus} IN ('paid', 'partly_refunded') AND ${table.fulfilmentStatus} = 'unfulfilled'`,
      ),
    check(
      "orders_card_last4_format",
      sql`${table.cardLast4} IS NULL OR ${table.cardLast4} ~ '^[0-9]{4}$'`,
    ),
  ],
);
