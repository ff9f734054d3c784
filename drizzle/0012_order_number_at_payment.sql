CREATE SEQUENCE "public"."checkout_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_number_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_number_counter_one_row" CHECK ("order_number_counter"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT 'CHK-' || nextval('checkout_reference_seq');