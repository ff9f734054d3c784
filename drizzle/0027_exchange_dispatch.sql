ALTER TABLE "exchange_fulfilments" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "exchange_fulfilments" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "exchange_fulfilments" ADD COLUMN "dispatched_at" timestamp with time zone;