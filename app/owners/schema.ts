import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Owner accounts (X-OPS-1): e-mail stored lower-case, password as an scrypt hash string. */
export const owners = pgTable(
  "owners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("owners_email_lower", sql`${table.email} = lower(${table.email})`)],
);

/** Server-side owner sessions (React Router session storage); the cookie holds only the id. */
export const ownerSessions = pgTable(
  "owner_sessions",
  {
    id: text("id").primaryKey(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("owner_sessions_expires_idx").on(table.expiresAt)],
);

/**
 * One-time links that set an owner's password (X-DAY-4): an invitation (48 hours) or a reset
 * (1 hour). Only the SHA-256 of the random token is kept; `usedAt` makes a link work once.
 */
export const ownerLinks = pgTable(
  "owner_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["invite", "reset"] }).notNull(),
    /** The invited address, or the owner's address when the reset was asked for. */
    email: text("email").notNull(),
    /** The owner a reset is for (null for an invitation); gone with the owner. */
    ownerId: uuid("owner_id").references(() => owners.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** Who sent it: the inviting owner's e-mail, or "forgot-password". */
    createdBy: text("created_by").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("owner_links_kind", sql`${table.kind} in ('invite', 'reset')`),
    check("owner_links_email_lower", sql`${table.email} = lower(${table.email})`),
    index("owner_links_email_idx").on(table.email, table.kind),
  ],
);

/** Failed sign-ins per account and address, for the lock-out (X-OPS-1). */
export const ownerSignInFailures = pgTable(
  "owner_sign_in_failures",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("owner_sign_in_failures_key_idx").on(table.email, table.address, table.failedAt),
  ],
);
