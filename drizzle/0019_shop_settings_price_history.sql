CREATE TABLE "price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" text NOT NULL,
	"option_type" text NOT NULL,
	"price_pence" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_history_price_non_negative" CHECK ("price_history"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb,
	"delivery_saved_at" timestamp with time zone,
	"demo_removed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "price_history_option_idx" ON "price_history" USING btree ("product_id","option_type","started_at");