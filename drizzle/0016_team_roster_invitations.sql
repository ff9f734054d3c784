CREATE TABLE "team_invitations" (
	"team_id" uuid NOT NULL,
	"email" text NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invitations_team_id_email_day_pk" PRIMARY KEY("team_id","email","day")
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "expected_size" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invitations_day_idx" ON "team_invitations" USING btree ("team_id","day");--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_expected_size_range" CHECK ("teams"."expected_size" BETWEEN 1 AND 500);