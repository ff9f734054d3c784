import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** The edge's shared state: generated secrets, rate-limit counters and the owner's audit log. */
// ── Generated secrets (X-SEC-8) ──
/** Secrets the shop generates for itself when none is configured (the review-link key, X-SEC-8),
 *  shared by every process on the database. */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ── What the owner switched on in the back office (X-OWN-2, X-OWN-3) ──
/**
 * The outgoing mail server ("smtp"), Stripe's keys ("stripe") and the public address
 * ("public-address"), one row each: what may be shown in `value`, the secrets only in `sealed`
 * (security/sealed.server.ts: AES-256-GCM under a key kept outside the database and its backups).
 */
export const serviceSettings = pgTable("service_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull().default({}),
  sealed: text("sealed"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text("updated_by"),
});

/** Fixed-window hit counters for rate limits shared by every process (X-SCALE-2). */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    windowEnd: bigint("window_end", { mode: "number" }).notNull(),
    count: integer("count").notNull().default(1),
  },
  (table) => [
    primaryKey({ columns: [table.key, table.windowStart] }),
    index("rate_limit_hits_end_idx").on(table.windowEnd),
  ],
);

/** Every owner action (X-OPS-10): who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What it acted on, e.g. "order:GT-10001"; null for sign-in or an export. */
    subject: text("subject"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("audit_log_subject_idx").on(table.subject, table.id),
    index("audit_log_created_idx").on(table.createdAt.desc()),
  ],
);
