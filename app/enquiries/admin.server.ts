import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { enquiries } from "./schema";
import { done, problem, type Result } from "~/shared/problems";
import { isUuid } from "~/db/ids";

/** The owner's view of customisation enquiries (X-OPS-8). */
export interface OwnerEnquiry {
  id: string;
  name: string;
  email: string;
  academy: string | null;
  garmentTypes: string[];
  quantity: string | null;
  message: string;
  createdAt: string;
  handled: boolean;
  handledAt: string | null;
  handledBy: string | null;
}

type Row = typeof enquiries.$inferSelect;

function ownerEnquiry(row: Row): OwnerEnquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    academy: row.academy,
    garmentTypes: row.garmentTypes,
    quantity: row.quantity,
    message: row.message,
    createdAt: new Date(row.createdAt).toISOString(),
    handled: row.handledAt !== null,
    handledAt: row.handledAt ? new Date(row.handledAt).toISOString() : null,
    handledBy: row.handledBy,
  };
}

/** Newest first (the latest 500). */
export async function listOwnerEnquiries(db: Database, limit = 500): Promise<OwnerEnquiry[]> {
  const rows = await db
    .select()
    .from(enquiries)
    .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
    .limit(limit);
  return rows.map(ownerEnquiry);
}

const NOT_FOUND = "No enquiry has that id.";

export async function findOwnerEnquiry(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id)).limit(1);
  return row ? ownerEnquiry(row) : undefined;
}

/** The back office navigation's badge: enquiries not yet handled. */
export async function countUnhandledEnquiries(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(enquiries).where(isNull(enquiries.handledAt));
  return row?.n ?? 0;
}

/** POST /api/admin/enquiries/:id/handled: marks it handled once (again is a no-op), audited. */
export async function markEnquiryHandled(
  db: Database,
  id: string,
  actor: string,
): Promise<Result<OwnerEnquiry>> {
  if (!isUuid(id)) return problem("not_found", NOT_FOUND);
  return db.transaction(async (tx) => {
    const [after] = await tx
      .update(enquiries)
      .set({ handledAt: sql`now()`, handledBy: actor })
      .where(and(eq(enquiries.id, id), isNull(enquiries.handledAt)))
      .returning();
    if (!after) {
      const [existing] = await tx.select().from(enquiries).where(eq(enquiries.id, id));
      return existing ? done(ownerEnquiry(existing)) : problem("not_found", NOT_FOUND);
    }
    await recordAudit(tx, {
      actor,
      action: "enquiry.handled",
      subject: `enquiry:${id}`,
      before: { handled: false },
      after: { handled: true },
    });
    return done(ownerEnquiry(after));
  });
}

/** A reply link that opens the owner's mail program, addressed and with a subject. */
export function replyLink(enquiry: Pick<OwnerEnquiry, "email" | "academy" | "name">): string {
  const subject = `Re: your custom gear enquiry${enquiry.academy ? ` for ${enquiry.academy}` : ""}`;
  return `mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}
