import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "~/db/columns";

/**
 * Stored photo files by key (X-SCALE-3): product photos' masters and renditions, readable by
 * every process. With S3_BUCKET they live in the bucket instead (app/storage).
 */
export const photoFiles = pgTable("photo_files", {
  key: text("key").primaryKey(),
  bytes: bytea("bytes").notNull(),
  contentType: text("content_type").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
