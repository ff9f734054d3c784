ALTER TABLE "order_lines" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancel_refund_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancel_refund_id_order_refunds_id_fk" FOREIGN KEY ("cancel_refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE set null ON UPDATE no action;