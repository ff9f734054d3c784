CREATE TABLE "gift_card_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_pence" integer DEFAULT 0 NOT NULL,
	"order_id" uuid,
	"order_number" text,
	"reason" text,
	"actor" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"card_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"refunded_pence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_holds_amount" CHECK ("gift_card_holds"."amount_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text,
	"last_four" text,
	"status" text NOT NULL,
	"initial_pence" integer NOT NULL,
	"balance_pence" integer NOT NULL,
	"expires_on" text,
	"order_id" uuid,
	"order_line_position" integer,
	"buyer_email" text,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"message" text,
	"send_on" text,
	"sent_at" timestamp with time zone,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_balance_range" CHECK ("gift_cards"."balance_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_events" ADD CONSTRAINT "gift_card_events_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_holds" ADD CONSTRAINT "gift_card_holds_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_events_card" ON "gift_card_events" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "gift_card_holds_card" ON "gift_card_holds" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "gift_card_holds_order" ON "gift_card_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_cards_order" ON "gift_cards" USING btree ("order_id");