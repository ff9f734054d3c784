import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every e-mail the shop sends, written in the transaction of the change it reports (X-SCALE-4).
 * A worker claims a row until `claimed_until`; a claim that runs out (a process killed mid-send)
 * lets another worker take it. `dedupe_key` keeps one message per event. `one_time_links` are
 * links that open something once (set a password): once the message is sent they are replaced
 * in the stored copy and the column is emptied (X-SEC-22).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    dedupeKey: text("dedupe_key").unique(),
    kind: text("kind").notNull().default("mail"),
    ref: text("ref"),
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text_body").notNull(),
    html: text("html_body"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    claimToken: uuid("claim_token"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    messageId: text("message_id"),
    lastError: text("last_error"),
    oneTimeLinks: jsonb("one_time_links").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} IS NULL`),
    // X-SEC-24: what one address was sent today, by kind (countMailToday).
    index("mail_outbox_to_kind_idx").on(table.to, table.kind, table.createdAt),
  ],
);
