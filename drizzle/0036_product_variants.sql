CREATE TABLE "product_variants" (
	"product_id" text NOT NULL,
	"option_type" text NOT NULL,
	"size" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"sku" text,
	"gtin" text,
	"mpn" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_product_id_option_type_size_color_pk" PRIMARY KEY("product_id","option_type","size","color"),
	CONSTRAINT "product_variants_gtin_digits" CHECK ("product_variants"."gtin" IS NULL OR "product_variants"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$'),
	CONSTRAINT "product_variants_sku_shape" CHECK ("product_variants"."sku" IS NULL OR "product_variants"."sku" ~ '^[A-Za-z0-9][A-Za-z0-9._/-]{0,49}$'),
	CONSTRAINT "product_variants_mpn_length" CHECK ("product_variants"."mpn" IS NULL OR char_length("product_variants"."mpn") BETWEEN 1 AND 70)
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku");