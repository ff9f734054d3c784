CREATE TABLE "photo_files" (
	"key" text PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"color" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"master_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placeholder" text,
	"claim_token" uuid,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_photos_alt_length" CHECK (char_length("product_photos"."alt") BETWEEN 1 AND 300),
	CONSTRAINT "product_photos_color_length" CHECK ("product_photos"."color" IS NULL OR char_length("product_photos"."color") BETWEEN 1 AND 60),
	CONSTRAINT "product_photos_size_positive" CHECK ("product_photos"."width" > 0 AND "product_photos"."height" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_product_idx" ON "product_photos" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_photos_processing_idx" ON "product_photos" USING btree ("created_at") WHERE "product_photos"."status" = 'processing';