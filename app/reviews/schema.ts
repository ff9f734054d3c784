import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea, limit } from "~/db/columns";
import {
  EMAIL_MAX,
  LINE_CHOICE_MAX,
  PERSON_NAME_MAX,
  REVIEW_PHOTOS_MAX,
  REVIEW_STARS_MAX,
  REVIEW_TEXT_MAX,
} from "~/shared/limits";
import { orders } from "~/orders/schema";

/** The reviews' tables (X-REV-1, X-SEC-8, X-SEC-15): written by app/reviews/ only. */
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
