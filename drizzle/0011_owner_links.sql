CREATE TABLE "owner_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"owner_id" uuid,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "owner_links_kind" CHECK ("owner_links"."kind" in ('invite', 'reset')),
	CONSTRAINT "owner_links_email_lower" CHECK ("owner_links"."email" = lower("owner_links"."email"))
);
--> statement-breakpoint
ALTER TABLE "owner_links" ADD CONSTRAINT "owner_links_owner_id_owners_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "owner_links_email_idx" ON "owner_links" USING btree ("email","kind");