CREATE TABLE "team_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"product_id" text NOT NULL,
	"option_type" text NOT NULL,
	"size" text NOT NULL,
	"belt_rank" text,
	"color" text,
	"print_name" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_entries_print_name_length" CHECK ("team_entries"."print_name" IS NULL OR char_length("team_entries"."print_name") <= 20)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "member_name" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "payment" text DEFAULT 'members' NOT NULL;--> statement-breakpoint
ALTER TABLE "team_entries" ADD CONSTRAINT "team_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_entries" ADD CONSTRAINT "team_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_entries_team_idx" ON "team_entries" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "team_entries_order_idx" ON "team_entries" USING btree ("order_id") WHERE "team_entries"."order_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_payment_known" CHECK ("teams"."payment" IN ('members', 'organiser'));