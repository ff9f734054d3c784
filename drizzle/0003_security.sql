CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD COLUMN "verified_order_id" uuid;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_verified_order_id_orders_id_fk" FOREIGN KEY ("verified_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_attention_idx" ON "orders" USING btree ("attention_at");