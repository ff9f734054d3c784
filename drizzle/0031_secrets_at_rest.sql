ALTER TABLE "mail_outbox" ADD COLUMN "one_time_links" jsonb;--> statement-breakpoint
-- Hand-written (issue 50, X-SEC-22): owner session rows now hold the SHA-256 of the cookie's id.
-- The rows written before held the id itself: they are deleted (hashing in place would need
-- pgcrypto, which PGlite lacks), so owners sign in again once after the upgrade.
DELETE FROM "owner_sessions";--> statement-breakpoint
-- Sent owner invitations and password resets no longer keep their working link in the outbox.
UPDATE "mail_outbox" SET "text_body" = regexp_replace("text_body", '(https?://[^[:space:]]*)?/admin/set-password/[A-Za-z0-9_-]{43}', '[link removed after sending]', 'g')
  WHERE "sent_at" IS NOT NULL AND "kind" IN ('owner-invite', 'owner-reset');
