CREATE TABLE "product_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text NOT NULL,
	"rating" integer NOT NULL,
	"review_text" text NOT NULL,
	"photo_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_range" CHECK ("product_reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_product_id_format" CHECK ("product_reviews"."product_id" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length("product_reviews"."product_id") <= 100),
	CONSTRAINT "product_reviews_name_length" CHECK (char_length(btrim("product_reviews"."customer_name")) BETWEEN 1 AND 80),
	CONSTRAINT "product_reviews_email_format" CHECK (char_length("product_reviews"."customer_email") <= 254 AND "product_reviews"."customer_email" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'),
	CONSTRAINT "product_reviews_text_length" CHECK (char_length(btrim("product_reviews"."review_text")) BETWEEN 1 AND 2000),
	CONSTRAINT "product_reviews_photo_count" CHECK (coalesce(array_length("product_reviews"."photo_urls", 1), 0) <= 5)
);
--> statement-breakpoint
CREATE INDEX "product_reviews_product_created_idx" ON "product_reviews" USING btree ("product_id","created_at" DESC NULLS LAST);