ALTER TABLE "order_lines" ADD COLUMN "vat_rate_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "vat_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vat_breakdown" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "standard_rated_sizes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_vat_non_negative" CHECK ("order_lines"."vat_rate_percent" >= 0 AND "order_lines"."vat_pence" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vat_rate_known" CHECK ("products"."vat_rate" IN ('standard', 'zero'));--> statement-breakpoint
-- ── Hand-written backfill (issue 52, X-VAT-1/2/4): no history rewritten ──────────────────────
-- Before this migration every receipt showed total × 20/120 (app/pricing/vat.ts, halves up), worked
-- out when shown. Every existing order keeps exactly that VAT, now stored: one band at 20%.
UPDATE "orders" SET "vat_breakdown" = jsonb_build_array(jsonb_build_object(
  'rate_percent', 20,
  'net_pence', "total_pence" - round("total_pence"::numeric * 20 / 120)::int,
  'vat_pence', round("total_pence"::numeric * 20 / 120)::int,
  'gross_pence', "total_pence"));--> statement-breakpoint
-- Each existing line at 20%, its VAT that of its value after the order's discount (the line's
-- share; delivery's VAT stays with the order's band).
UPDATE "order_lines" SET "vat_rate_percent" = 20, "vat_pence" = CASE WHEN o."subtotal_pence" > 0
  THEN round("order_lines"."line_total_pence"::numeric * (o."total_pence" - o."shipping_pence") * 20
    / (o."subtotal_pence"::numeric * 120))::int ELSE 0 END
  FROM "orders" o WHERE o."id" = "order_lines"."order_id";--> statement-breakpoint
-- Each existing refund of an order gave back VAT at 20% of its amount; a flagged payment's refund
-- gave back a payment that was never a sale, so no VAT.
UPDATE "order_refunds" SET "vat_pence" = round("amount_pence"::numeric * 20 / 120)::int,
  "vat_breakdown" = jsonb_build_array(jsonb_build_object(
    'rate_percent', 20,
    'net_pence', "amount_pence" - round("amount_pence"::numeric * 20 / 120)::int,
    'vat_pence', round("amount_pence"::numeric * 20 / 120)::int,
    'gross_pence', "amount_pence"))
  WHERE "flagged_payment_id" IS NULL;--> statement-breakpoint
-- The seed's kids' garments (and any product for kids: accessories have no audience) are
-- zero-rated (VAT Notice 714); everything else stays standard. Only orders from now on see it.
UPDATE "products" SET "vat_rate" = 'zero' WHERE "audience" = 'kids';
