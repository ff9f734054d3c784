-- Issue 48: the one-value `status`, generated from the two states since 0015, is read by no code:
-- the order JSON's `status` label is made from `payment_status` and `fulfilment_status` by
-- app/orders/status.ts (`legacyStatus`). Its index goes first; no view, constraint or other index
-- uses the column (0015 moved them onto the two states). Every order keeps its two states.
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "status";
