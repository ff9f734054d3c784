ALTER TABLE "orders" ADD COLUMN "team_delivery_slug" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "team_delivery_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_team_delivery_slug_teams_slug_fk" FOREIGN KEY ("team_delivery_slug") REFERENCES "public"."teams"("slug") ON DELETE no action ON UPDATE no action;