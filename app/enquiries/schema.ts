import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { limit } from "~/db/columns";
import { EMAIL_MAX, PERSON_NAME_MAX, ENQUIRY_MESSAGE_MAX } from "~/shared/limits";

/** Customisation enquiries from academies and teams (X-INFO-1). */
export const enquiries = pgTable(
  "enquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    academy: text("academy"),
    garmentTypes: text("garment_types")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    quantity: text("quantity"),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // ── Handled by the owner (X-OPS-8) ──
    /** When the owner marked it handled, and who (null: waiting for an answer). */
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: text("handled_by"),
  },
  (table) => [
    check(
      "enquiries_name_length",
      sql`char_length(btrim(${table.name})) BETWEEN 1 AND ${limit(PERSON_NAME_MAX)}`,
    ),
    check(
      "enquiries_email_length",
      sql`char_length(${table.email}) BETWEEN 3 AND ${limit(EMAIL_MAX)}`,
    ),
    check(
      "enquiries_message_length",
      sql`char_length(btrim(${table.message})) BETWEEN 1 AND ${limit(ENQUIRY_MESSAGE_MAX)}`,
    ),
  ],
);
