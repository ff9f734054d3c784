CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_upper" CHECK ("discount_codes"."code" = upper("discount_codes"."code")),
	CONSTRAINT "discount_codes_percent_range" CHECK ("discount_codes"."percent" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"academy" text,
	"garment_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"quantity" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_name_length" CHECK (char_length(btrim("enquiries"."name")) BETWEEN 1 AND 80),
	CONSTRAINT "enquiries_email_length" CHECK (char_length("enquiries"."email") BETWEEN 3 AND 254),
	CONSTRAINT "enquiries_message_length" CHECK (char_length(btrim("enquiries"."message")) BETWEEN 1 AND 4000)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"option_type" text NOT NULL,
	"size" text NOT NULL,
	"belt_rank" text,
	"color" text,
	"custom_text" text,
	"name_customisation" boolean DEFAULT false NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"line_total_pence" integer NOT NULL,
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_non_negative" CHECK ("order_lines"."unit_price_pence" >= 0),
	CONSTRAINT "order_lines_total_adds_up" CHECK ("order_lines"."line_total_pence" = "order_lines"."unit_price_pence" * "order_lines"."quantity"),
	CONSTRAINT "order_lines_custom_text_length" CHECK ("order_lines"."custom_text" IS NULL OR char_length("order_lines"."custom_text") <= 20)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" text DEFAULT 'GT-' || nextval('order_number_seq') NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_session_id" text,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"shipping_pence" integer NOT NULL,
	"discount_code" text,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount_pence" integer DEFAULT 0 NOT NULL,
	"total_pence" integer NOT NULL,
	"customer_email" text,
	"customer_phone" text,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"card_brand" text,
	"card_last4" text,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"confirmation_email_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_payment_session_id_unique" UNIQUE("payment_session_id"),
	CONSTRAINT "orders_money_non_negative" CHECK ("orders"."subtotal_pence" >= 0 AND "orders"."shipping_pence" >= 0 AND "orders"."discount_pence" >= 0 AND "orders"."total_pence" >= 0),
	CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_pence" = "orders"."subtotal_pence" + "orders"."shipping_pence" - "orders"."discount_pence"),
	CONSTRAINT "orders_discount_percent_range" CHECK ("orders"."discount_percent" BETWEEN 0 AND 100),
	CONSTRAINT "orders_paid_has_time" CHECK ("orders"."status" <> 'paid' OR "orders"."paid_at" IS NOT NULL),
	CONSTRAINT "orders_card_last4_format" CHECK ("orders"."card_last4" IS NULL OR "orders"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_customer_email_idx" ON "orders" USING btree ("customer_email");