-- Written by hand (db:generate also repeats earlier hand-edited migrations): X-SEC-11, X-SEC-15, X-SEC-6.
-- X-SEC-11: who started a pending checkout, for the cap on unpaid checkouts per address.
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- X-SEC-15: one verified review per order and product. Reviews already stored beyond the first
-- for an order and product keep their text but lose the badge.
UPDATE "product_reviews" SET "verified_order_id" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "verified_order_id", "product_id" ORDER BY "created_at", "id") AS "n"
    FROM "product_reviews" WHERE "verified_order_id" IS NOT NULL
  ) AS "ranked" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_one_verified_idx" ON "product_reviews" USING btree ("verified_order_id","product_id") WHERE "product_reviews"."verified_order_id" IS NOT NULL;--> statement-breakpoint
-- X-SEC-15, X-SEC-6: the uploading browser (a hash of its cookie) and address of each photo.
ALTER TABLE "review_photos" ADD COLUMN "uploader_hash" text;--> statement-breakpoint
ALTER TABLE "review_photos" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "review_photos_client_created_idx" ON "review_photos" USING btree ("client_key","created_at");
