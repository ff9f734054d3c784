CREATE TABLE "exchange_fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_request_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"option_type" text NOT NULL,
	"size" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"status" text NOT NULL,
	"from_stock" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_fulfilments_quantity_positive" CHECK ("exchange_fulfilments"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "return_request_lines" ADD COLUMN "exchange_size" text;--> statement-breakpoint
ALTER TABLE "exchange_fulfilments" ADD CONSTRAINT "exchange_fulfilments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fulfilments" ADD CONSTRAINT "exchange_fulfilments_return_request_id_return_requests_id_fk" FOREIGN KEY ("return_request_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_fulfilments" ADD CONSTRAINT "exchange_fulfilments_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_fulfilments_order_line_unique" ON "exchange_fulfilments" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "exchange_fulfilments_order_idx" ON "exchange_fulfilments" USING btree ("order_id");