CREATE TABLE "team_products" (
	"team_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"option_type" text NOT NULL,
	"team_price_pence" integer NOT NULL,
	CONSTRAINT "team_products_team_id_product_id_option_type_pk" PRIMARY KEY("team_id","product_id","option_type"),
	CONSTRAINT "team_products_price_non_negative" CHECK ("team_products"."team_price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"organiser_name" text NOT NULL,
	"organiser_email" text NOT NULL,
	"organiser_key_hash" text NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"delivery" text NOT NULL,
	"delivery_address" text,
	"minimum_items" integer,
	"member_names" boolean DEFAULT false NOT NULL,
	"fixed_text" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"summary_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_slug_unique" UNIQUE("slug"),
	CONSTRAINT "teams_fixed_text_length" CHECK (char_length("teams"."fixed_text") BETWEEN 1 AND 20),
	CONSTRAINT "teams_minimum_items_positive" CHECK ("teams"."minimum_items" IS NULL OR "teams"."minimum_items" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "team_slug" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "print_name" text;--> statement-breakpoint
ALTER TABLE "team_products" ADD CONSTRAINT "team_products_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "teams_closing_idx" ON "teams" USING btree ("closes_at") WHERE "teams"."summary_sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_team_slug_teams_slug_fk" FOREIGN KEY ("team_slug") REFERENCES "public"."teams"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_team_idx" ON "order_lines" USING btree ("team_slug") WHERE "order_lines"."team_slug" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_print_name_length" CHECK ("order_lines"."print_name" IS NULL OR char_length("order_lines"."print_name") <= 20);