import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { SHIPPING_METHOD_IDS } from "~/pricing/shipping";
import {
  CUSTOM_TEXT_MAX,
  EMAIL_MAX,
  LINE_CHOICE_MAX,
  PERSON_NAME_MAX,
  REFUND_REASON_MAX,
  RETURN_REASON_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_STARS_MAX,
  REVIEW_TEXT_MAX,
  ENQUIRY_MESSAGE_MAX,
  PRODUCT_PHOTO_LIMITS,
  TEAM_EXPECTED_SIZE_DEFAULT,
  TEAM_EXPECTED_SIZE_MAX,
  TEAM_DELIVERY_PRICE_MAX_PENCE,
  TEAM_NOTE_MAX,
} from "~/shared/limits";

/** A limit from app/shared/limits.ts written into a CHECK as a literal (X-ARCH-3): the SQL is
 *  what it was when the figure was typed in, so generating finds nothing to migrate. */
const limit = (value: number) => sql.raw(String(value));

/** Reviews written by visitors (X-REV-1). The e-mail is stored but never sent to another visitor. */
export const productReviews = pgTable(
  "product_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id").notNull(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    rating: integer("rating").notNull(),
    reviewText: text("review_text").notNull(),
    photoUrls: text("photo_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // ── Verified purchase (X-SEC-8) ──
    /** The paid order a signed review link proved (X-SEC-8); null: not a verified purchase. */
    verifiedOrderId: uuid("verified_order_id").references(() => orders.id, {
      onDelete: "set null",
    }),
    // ── Hidden by the owner (X-OPS-7) ──
    /** Set when the owner hid the review: gone from every public surface until shown again. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
  },
  (table) => [
    index("product_reviews_product_created_idx").on(table.productId, table.createdAt.desc()),
    // X-SEC-15: one verified review per order and product, whatever races the insert.
    uniqueIndex("product_reviews_one_verified_idx")
      .on(table.verifiedOrderId, table.productId)
      .where(sql`${table.verifiedOrderId} IS NOT NULL`),
    check(
      "product_reviews_rating_range",
      sql`${table.rating} BETWEEN 1 AND ${limit(REVIEW_STARS_MAX)}`,
    ),
    check(
      "product_reviews_product_id_format",
      sql`${table.productId} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${table.productId}) <= ${limit(LINE_CHOICE_MAX.productId)}`,
    ),
    check(
      "product_reviews_name_length",
      sql`char_length(btrim(${table.customerName})) BETWEEN 1 AND ${limit(PERSON_NAME_MAX)}`,
    ),
    check(
      "product_reviews_email_format",
      sql`char_length(${table.customerEmail}) <= ${limit(EMAIL_MAX)} AND ${table.customerEmail} ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`,
    ),
    check(
      "product_reviews_text_length",
      sql`char_length(btrim(${table.reviewText})) BETWEEN 1 AND ${limit(REVIEW_TEXT_MAX)}`,
    ),
    check(
      "product_reviews_photo_count",
      sql`coalesce(array_length(${table.photoUrls}, 1), 0) <= ${limit(REVIEW_PHOTOS_MAX)}`,
    ),
  ],
);

export const ORDER_STATUSES = [
  "pending",
  "paid",
  "failed",
  "cancelled",
  "in_production",
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
    /** The making (X-ORD-1): unfulfilled, in production, dispatched, delivered or cancelled. */
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
      sql`${table.fulfilmentStatus} IN ('unfulfilled', 'in_production', 'dispatched', 'delivered', 'cancelled')`,
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

/** Customisation enquiries from academies and teams (X-INFO-1). */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    academy: text("academy"),
    garmentTypes: text("garment_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quantity: text("quantity"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // ── Handled by the owner (X-OPS-8) ──
    /** When the owner marked it handled, and who (null: waiting for an answer). */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
  },
  (table) => [
    check(
      "enquiries_name_length",
      sql`char_length(btrim(${table.name})) BETWEEN 1 AND ${limit(PERSON_NAME_MAX)}`,
    ),
    check(
      "enquiries_email_length",
      sql`char_length(${table.email}) BETWEEN 3 AND ${limit(EMAIL_MAX)}`,
    ),
    check(
      "enquiries_message_length",
      sql`char_length(btrim(${table.message})) BETWEEN 1 AND ${limit(ENQUIRY_MESSAGE_MAX)}`,
    ),
  ],
);

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

// ── Generated secrets (X-SEC-8) ──
/** Secrets the shop generates for itself when none is configured (the review-link key, X-SEC-8),
 *  shared by every process on the database. */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
// ── Scale-out: state every process shares (X-SCALE-2..4) ─────────────────────────

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every e-mail the shop sends, written in the transaction of the change it reports (X-SCALE-4).
 * A worker claims a row until `claimed_until`; a claim that runs out (a process killed mid-send)
 * lets another worker take it. `dedupe_key` keeps one message per event.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dedupeKey: text("dedupe_key").unique(),
    kind: text("kind").notNull().default("mail"),
    ref: text("ref"),
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    messageId: text("message_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} IS NULL`),
  ],
);

/** Fixed-window hit counters for rate limits shared by every process (X-SCALE-2). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    windowEnd: bigint("window_end", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limit_hits_end_idx").on(table.windowEnd),
  ],
);

/**
 * Review photos, re-encoded, with their thumbnails (X-SCALE-3): readable by every process.
 * A photo not attached to a review within a day is removed.
 */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: uuid("id").primaryKey(),
    image: bytea("image").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    storedBytes: integer("stored_bytes").notNull(),
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 of the uploading browser's photo cookie: only that browser sees the photo before it
     *  is attached, and only it can attach it (X-SEC-15). */
    uploaderHash: text("uploader_hash"),
    /** The uploading address's rate-limit key, for the daily upload quota (X-SEC-6). */
    clientKey: text("client_key"),
  },
  (table) => [
    index("review_photos_client_created_idx").on(table.clientKey, table.createdAt),
    index("review_photos_unattached_idx")
      .on(table.createdAt)
      .where(sql`${table.attachedAt} IS NULL`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Back office (X-OPS-1 to X-OPS-6, X-OPS-10)
// ---------------------------------------------------------------------------------------------

/** Owner accounts (X-OPS-1): e-mail stored lower-case, password as an scrypt hash string. */
export const owners = pgTable(
  "owners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("owners_email_lower", sql`${table.email} = lower(${table.email})`)],
);

/** Server-side owner sessions (React Router session storage); the cookie holds only the id. */
export const ownerSessions = pgTable(
  "owner_sessions",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("owner_sessions_expires_idx").on(table.expiresAt)],
);

/**
 * One-time links that set an owner's password (X-DAY-4): an invitation (48 hours) or a reset
 * (1 hour). Only the SHA-256 of the random token is kept; `usedAt` makes a link work once.
 */
export const ownerLinks = pgTable(
  "owner_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["invite", "reset"] }).notNull(),
    /** The invited address, or the owner's address when the reset was asked for. */
    email: text("email").notNull(),
    /** The owner a reset is for (null for an invitation); gone with the owner. */
    ownerId: uuid("owner_id").references(() => owners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who sent it: the inviting owner's e-mail, or "forgot-password". */
    createdBy: text("created_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("owner_links_kind", sql`${table.kind} in ('invite', 'reset')`),
    check("owner_links_email_lower", sql`${table.email} = lower(${table.email})`),
    index("owner_links_email_idx").on(table.email, table.kind),
  ],
);

/** Failed sign-ins per account and address, for the lock-out (X-OPS-1). */
export const ownerSignInFailures = pgTable(
  "owner_sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("owner_sign_in_failures_key_idx").on(table.email, table.address, table.failedAt),
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

/** Refunds through the payment provider (X-OPS-4). */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    provider: text("provider", { enum: ["sandbox", "stripe"] }).notNull(),
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

/** Every owner action (X-OPS-10): who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What it acted on, e.g. "order:GT-10001"; null for sign-in or an export. */
    subject: text("subject"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_log_subject_idx").on(table.subject, table.id),
    index("audit_log_created_idx").on(table.createdAt.desc()),
  ],
);

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

// ---- The catalogue as data (X-CAT-1) ---------------------------------------------------------

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A picture of a product as stored: which drawing (or photo) and how it is shown. */
export interface StoredProductImage {
  view: "front" | "back" | "detail" | "top";
  alt: string;
  rotation: 0 | -90 | 90 | 180;
}

/**
 * The products the shop sells (X-CAT-1), seeded by migration 0007 with the spec's catalogue.
 * `id` is the slug of /product/:id. A draft is seen by the owner only; an archived product has
 * left the shop but is kept, as old orders name it. `version` goes up with every save, so a
 * stale save is refused (X-CAT-2).
 */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    /** Where it stands among the others in a collection before any sort is chosen. */
    position: integer("position").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("draft"),
    category: text("category").notNull(),
    /** mens, womens, kids; null for accessories. */
    audience: text("audience"),
    /** The drawing's shape and print (app/catalogue/art). */
    kind: text("kind").notNull(),
    design: text("design").notNull(),
    artColor: text("art_color"),
    accessoryCategory: text("accessory_category"),
    /** The headline price; with options, the first option's. */
    pricePence: integer("price_pence").notNull(),
    compareAtPricePence: integer("compare_at_price_pence"),
    description: text("description").notNull(),
    highlights: jsonb("highlights")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    images: jsonb("images")
      .$type<StoredProductImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A bundle: other products sold as one line at their prices less a percentage. */
    bundle: jsonb("bundle").$type<{ productIds: string[]; discountPercent: number }>(),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("products_status_category_idx").on(table.status, table.category, table.position),
    check("products_price_non_negative", sql`${table.pricePence} >= 0`),
    check(
      "products_compare_at_above_price",
      sql`${table.compareAtPricePence} IS NULL OR ${table.compareAtPricePence} > ${table.pricePence}`,
    ),
    check("products_id_slug", sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/** An option's size chart as stored (app/catalogue/fit.ts's FitChart checks and reads it). */
export interface StoredFitChart {
  measures: readonly string[];
  rows: readonly { size: string; ranges: Partial<Record<string, readonly [number, number]>> }[];
  shrinkPercent?: number;
}

/** A product's options (Rashguard, Shorts, Gi, …): each with its price and sizes (X-CAT-1). */
export const productOptions = pgTable(
  "product_options",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type").notNull(),
    pricePence: integer("price_pence").notNull(),
    compareAtPricePence: integer("compare_at_price_pence"),
    sizes: jsonb("sizes").$type<string[]>().notNull(),
    /** Takes the customer's own text (a name). */
    customizable: boolean("customizable").notNull().default(false),
    /** The extra price of name customisation (gis); null: not offered. */
    customPricePence: integer("custom_price_pence"),
    beltRanks: jsonb("belt_ranks").$type<string[]>(),
    colors: jsonb("colors").$type<string[]>(),
    /** The option's size chart for the size finder (X-FIT-1): sizes with their ranges. */
    fitChart: jsonb("fit_chart").$type<StoredFitChart>(),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.type] }),
    uniqueIndex("product_options_position_idx").on(table.productId, table.position),
    check("product_options_price_non_negative", sql`${table.pricePence} >= 0`),
    check(
      "product_options_custom_price_non_negative",
      sql`${table.customPricePence} IS NULL OR ${table.customPricePence} >= 0`,
    ),
  ],
);

/**
 * Every selling price an option has had (X-TRUE-1): a row when an option first has a price and at
 * each change, from the owner's editor, the JSON API or the CSV import. A "was" price is shown
 * only when these rows back it (app/pricing/was-price.ts). The seed's options have none.
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id").notNull(),
    optionType: text("option_type").notNull(),
    pricePence: integer("price_pence").notNull(),
    /** From when the option sold at this price (the shop's clock). */
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("price_history_option_idx").on(table.productId, table.optionType, table.startedAt),
    check("price_history_price_non_negative", sql`${table.pricePence} >= 0`),
  ],
);

/** The owner's words on the storefront (X-CAT-5): the site banner and the home hero. One row. */
export const siteContent = pgTable(
  "site_content",
  {
    id: integer("id").primaryKey().default(1),
    bannerText: text("banner_text").notNull(),
    heroHeading: text("hero_heading").notNull(),
    heroText: text("hero_text").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("site_content_one_row", sql`${table.id} = 1`)],
);

/**
 * The shop's settings in the owner's hands (X-TRUE-2): seller, delivery and returns as one JSON
 * document (app/policy/shop-settings.ts checks its shape). One row; none: the defaults.
 * `delivery_saved_at`: the owner saved them at least once (the demo sentences end);
 * `demo_removed_at`: the owner removed the demo content (X-TRUE-3).
 */
export const shopSettings = pgTable(
  "shop_settings",
  {
    id: integer("id").primaryKey().default(1),
    settings: jsonb("settings").$type<unknown>(),
    deliverySavedAt: timestamp("delivery_saved_at", { withTimezone: true }),
    demoRemovedAt: timestamp("demo_removed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("shop_settings_one_row", sql`${table.id} = 1`)],
);

/** Automatic sales (X-CAT-5): a percentage off every full-price line while it runs. */
export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    percent: integer("percent").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("promotions_percent_range", sql`${table.percent} BETWEEN 1 AND 90`),
    check(
      "promotions_ends_after_start",
      sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`,
    ),
  ],
);

/**
 * One row counting the catalogue's changes: every save of a product, the site's words or a
 * promotion raises it in the same transaction, and each process reloads its copy of the
 * catalogue when it sees a new figure (X-CAT-1: an owner's change shows everywhere within 10 s).
 */
export const catalogueRevision = pgTable(
  "catalogue_revision",
  {
    id: integer("id").primaryKey().default(1),
    revision: bigint("revision", { mode: "number" }).notNull().default(1),
  },
  (table) => [check("catalogue_revision_one_row", sql`${table.id} = 1`)],
);

// ---- Product photos (issue 22, X-PHOTO) ------------------------------------------------------

export const PRODUCT_PHOTO_STATUSES = ["processing", "ready", "failed"] as const;
export type ProductPhotoStatus = (typeof PRODUCT_PHOTO_STATUSES)[number];

/** One rendition of a product photo: its format and size, and the key of its bytes. */
export interface StoredRendition {
  /** AVIF and WebP for pages; JPEG (small) for e-mails, whose clients may show neither. */
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  /** The file's key in the photo files (app/storage): `product-photos/<id>/<width>-<hash>.<format>`. */
  key: string;
}

/**
 * The owner's photos of a product (X-PHOTO-1), in the owner's order. The upload stores an
 * upright copy without metadata (`master_key`); the background job (X-PHOTO-2) claims a row in
 * `processing` until `claimed_until`, makes its renditions and placeholder, and marks it `ready`
 * only if its claim (`claim_token`) still holds, so a photo is finished once. A claim that runs
 * out (a process killed mid-way) lets another process take it.
 */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: uuid("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    alt: text("alt").notNull(),
    /** One of the product's colours, or null: for every colour. */
    color: text("color"),
    status: text("status", { enum: PRODUCT_PHOTO_STATUSES }).notNull().default("processing"),
    /** The upright master, metadata stripped, and its size. */
    masterKey: text("master_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    renditions: jsonb("renditions")
      .$type<StoredRendition[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A tiny blurred WebP as a data: URL, shown while the photo loads. */
    placeholder: text("placeholder"),
    claimToken: uuid("claim_token"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("product_photos_product_idx").on(table.productId, table.position),
    index("product_photos_processing_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'processing'`),
    check(
      "product_photos_alt_length",
      sql`char_length(${table.alt}) BETWEEN 1 AND ${sql.raw(String(PRODUCT_PHOTO_LIMITS.alt))}`,
    ),
    check(
      "product_photos_color_length",
      sql`${table.color} IS NULL OR char_length(${table.color}) BETWEEN 1 AND ${sql.raw(String(PRODUCT_PHOTO_LIMITS.color))}`,
    ),
    check("product_photos_size_positive", sql`${table.width} > 0 AND ${table.height} > 0`),
  ],
);

/**
 * Stored photo files by key (X-SCALE-3): product photos' masters and renditions, readable by
 * every process. With S3_BUCKET they live in the bucket instead (app/storage).
 */
export const photoFiles = pgTable("photo_files", {
  key: text("key").primaryKey(),
  bytes: bytea("bytes").notNull(),
  contentType: text("content_type").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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

/**
 * The drawings' PNGs (X-SEC-18, issue 36 item 6): each made once, in the image queue, at first
 * start or on first ask, and kept here so a restart or another process does not make it again.
 * `key` names the drawing as drawn (product, view, shape, print, colour) and its width.
 */
export const drawingPngs = pgTable("drawing_pngs", {
  key: text("key").primaryKey(),
  png: bytea("png").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
