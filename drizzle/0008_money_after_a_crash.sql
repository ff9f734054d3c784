CREATE TABLE "flagged_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"payment_reference" text,
	"amount_pence" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_email" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flagged_payments_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "flagged_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "flagged_payments" ADD CONSTRAINT "flagged_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flagged_payments_order_idx" ON "flagged_payments" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_flagged_payment_id_flagged_payments_id_fk" FOREIGN KEY ("flagged_payment_id") REFERENCES "public"."flagged_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("next_attempt_at") WHERE "order_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_flagged_once_idx" ON "order_refunds" USING btree ("flagged_payment_id") WHERE "order_refunds"."status" <> 'failed';--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_reason_length" CHECK ("order_refunds"."reason" IS NULL OR char_length("order_refunds"."reason") <= 300);