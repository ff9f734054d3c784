import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
  },
  (table) => [
    index("product_reviews_product_created_idx").on(table.productId, table.createdAt.desc()),
    check("product_reviews_rating_range", sql`${table.rating} BETWEEN 1 AND 5`),
    check(
      "product_reviews_product_id_format",
      sql`${table.productId} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(${table.productId}) <= 100`,
    ),
    check(
      "product_reviews_name_length",
      sql`char_length(btrim(${table.customerName})) BETWEEN 1 AND 80`,
    ),
    check(
      "product_reviews_email_format",
      sql`char_length(${table.customerEmail}) <= 254 AND ${table.customerEmail} ~ '^[^@[:space:]]+@[^@[:space:]]+\\.[^@[:space:]]+$'`,
    ),
    check(
      "product_reviews_text_length",
      sql`char_length(btrim(${table.reviewText})) BETWEEN 1 AND 2000`,
    ),
    check(
      "product_reviews_photo_count",
      sql`coalesce(array_length(${table.photoUrls}, 1), 0) <= 5`,
    ),
  ],
);
