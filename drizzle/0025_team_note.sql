ALTER TABLE "teams" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_note_length" CHECK ("teams"."note" IS NULL OR char_length("teams"."note") <= 500);