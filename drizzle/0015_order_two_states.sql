-- X-ORD-1: an order's money and its making become two states. Every existing row keeps what it
-- said: its one status is read into the pair, a partly refunded or refunded order's step from
-- its history, and `status` is then derived from the pair (the same values older readers saw).
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_status" text DEFAULT 'unfulfilled' NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET
  "payment_status" = CASE
    WHEN o."status" IN ('pending', 'failed') THEN o."status"
    WHEN o."status" IN ('refunded', 'partly_refunded') THEN o."status"
    WHEN o."paid_at" IS NULL THEN 'expired'
    WHEN coalesce((SELECT sum(r."amount_pence") FROM "order_refunds" r
                   WHERE r."order_id" = o."id" AND r."status" = 'succeeded'
                     AND r."flagged_payment_id" IS NULL), 0) > 0 THEN 'partly_refunded'
    ELSE 'paid'
  END,
  "fulfilment_status" = CASE
    WHEN o."status" IN ('in_production', 'dispatched', 'delivered', 'cancelled') THEN o."status"
    WHEN o."status" IN ('refunded', 'partly_refunded') THEN coalesce((
      SELECT e."after" ->> 'status' FROM "order_events" e
      WHERE e."order_id" = o."id" AND e."kind" = 'status'
        AND e."after" ->> 'status' IN ('in_production', 'dispatched', 'delivered', 'cancelled')
      ORDER BY e."id" DESC LIMIT 1), 'unfulfilled')
    ELSE 'unfulfilled'
  END;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_paid_has_time";--> statement-breakpoint
DROP INDEX "orders_pending_client_idx";--> statement-breakpoint
DROP INDEX "orders_pending_expiry_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status" text GENERATED ALWAYS AS (CASE
  WHEN payment_status = 'refunded' THEN 'refunded'
  WHEN fulfilment_status = 'cancelled' THEN 'cancelled'
  WHEN payment_status = 'partly_refunded' THEN 'partly_refunded'
  WHEN payment_status IN ('pending', 'failed') THEN payment_status
  WHEN payment_status = 'expired' THEN 'cancelled'
  WHEN fulfilment_status = 'unfulfilled' THEN 'paid'
  ELSE fulfilment_status
END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK ("orders"."payment_status" IN ('pending', 'paid', 'partly_refunded', 'refunded', 'failed', 'expired'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_status_known" CHECK ("orders"."fulfilment_status" IN ('unfulfilled', 'in_production', 'dispatched', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_has_time" CHECK ("orders"."payment_status" IN ('pending', 'failed', 'expired') OR "orders"."paid_at" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_to_make_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST) WHERE "orders"."payment_status" IN ('paid', 'partly_refunded') AND "orders"."fulfilment_status" = 'unfulfilled';--> statement-breakpoint
CREATE INDEX "orders_pending_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."payment_status" = 'pending' AND "orders"."fulfilment_status" = 'unfulfilled';--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."payment_status" = 'pending' AND "orders"."fulfilment_status" = 'unfulfilled';
