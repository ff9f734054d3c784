import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "./schema";

/** A database or an open transaction: audit rows are written in the transaction they record. */
export type Executor = Pick<Database, "insert" | "select" | "update">;

export type AuditAction =
  | "sign_in"
  | "sign_out"
  | "order.status"
  | "order.refund"
  | "order.note"
  | "orders.export"
  | (string & {});

export interface AuditEntry {
  actor: string;
  action: AuditAction;
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records one owner action (X-OPS-10). */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The audit entries about one subject (e.g. "order:GT-10001"), newest first. */
export async function auditFor(db: Database, subject: string, limit = 200): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, subject))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

export async function auditByActor(db: Database, actor: string, action: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actor, actor), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.id));
}
