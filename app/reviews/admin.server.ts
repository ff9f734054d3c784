import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/security/audit.server";
import type { Database } from "~/db/client.server";
import { productReviews } from "./schema";
import type { Catalogue } from "~/catalogue/catalogue";
import { loadCatalogue } from "~/catalogue/store.server";
import { deletePhotoFiles, deletePhotos, type PhotoPlace } from "./photos.server";
import { done, problem, type Result } from "~/shared/problems";
import { isUuid } from "~/db/ids";

/** The owner's view of reviews (X-OPS-7): every review, hidden or not, with the e-mail. */
export interface OwnerReview {
  id: string;
  productId: string;
  productName: string;
  customerName: string;
  customerEmail: string;
  rating: number;
  reviewText: string;
  photoUrls: string[];
  verifiedPurchase: boolean;
  hidden: boolean;
  hiddenAt: string | null;
  createdAt: string;
}

type Row = typeof productReviews.$inferSelect;

function ownerReview(row: Row, catalogue: Catalogue): OwnerReview {
  return {
    id: row.id,
    productId: row.productId,
    productName: catalogue.all.get(row.productId)?.name ?? row.productId,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    rating: row.rating,
    reviewText: row.reviewText,
    photoUrls: row.photoUrls,
    verifiedPurchase: row.verifiedOrderId !== null,
    hidden: row.hiddenAt !== null,
    hiddenAt: row.hiddenAt ? new Date(row.hiddenAt).toISOString() : null,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** Newest first; at most `limit` (the page shows the latest 500). */
export async function listOwnerReviews(
  db: Database,
  now: Date,
  limit = 500,
): Promise<OwnerReview[]> {
  const rows = await db
    .select()
    .from(productReviews)
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
    .limit(limit);
  const catalogue = await loadCatalogue(db, now.getTime());
  return rows.map((row) => ownerReview(row, catalogue));
}

const NOT_FOUND = "No review has that id.";
const hiddenSchema = z.object({
  hidden: z.boolean({ error: 'Send {"hidden": true} or {"hidden": false}.' }),
});

/** POST /api/admin/reviews/:id/hidden {hidden}: hides or shows it, audited. */
export async function setReviewHidden(
  db: Database,
  id: string,
  body: unknown,
  actor: string,
  now: Date,
): Promise<Result<OwnerReview>> {
  const parsed = hiddenSchema.safeParse(body);
  if (!parsed.success) return problem("invalid_input", parsed.error.issues[0]!.message);
  if (!isUuid(id)) return problem("not_found", NOT_FOUND);
  const { hidden } = parsed.data;
  const catalogue = await loadCatalogue(db, now.getTime());
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(productReviews)
      .where(eq(productReviews.id, id))
      .for("update");
    if (!before) return problem("not_found", NOT_FOUND);
    if ((before.hiddenAt !== null) === hidden) return done(ownerReview(before, catalogue));
    const [after] = await tx
      .update(productReviews)
      .set({ hiddenAt: hidden ? sql`now()` : null })
      .where(eq(productReviews.id, id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: hidden ? "review.hide" : "review.show",
      subject: `review:${id}`,
      before: { hidden: !hidden },
      after: { hidden },
    });
    return done(ownerReview(after!, catalogue));
  });
}

/** DELETE /api/admin/reviews/:id: the review and its photos, for good; audited. */
export async function deleteReview(
  db: Database,
  id: string,
  actor: string,
  place: PhotoPlace,
): Promise<Result<{ deleted: string; photosRemoved: number }>> {
  if (!isUuid(id)) return problem("not_found", NOT_FOUND);
  const outcome = await db.transaction(async (tx) => {
    const [removed] = await tx.delete(productReviews).where(eq(productReviews.id, id)).returning();
    if (!removed) return undefined;
    const photosRemoved = await deletePhotos(tx as unknown as Database, removed.photoUrls);
    await recordAudit(tx, {
      actor,
      action: "review.delete",
      subject: `review:${id}`,
      before: {
        productId: removed.productId,
        customerName: removed.customerName,
        rating: removed.rating,
        reviewText: removed.reviewText,
        photoUrls: removed.photoUrls,
      },
    });
    return { removed, photosRemoved };
  });
  if (!outcome) return problem("not_found", NOT_FOUND);
  await deletePhotoFiles(place, outcome.removed.photoUrls);
  return done({ deleted: id, photosRemoved: outcome.photosRemoved });
}

/** The /admin/reviews page's forms: `intent` hide, show or delete, and `id`. */
export async function applyReviewForm(
  db: Database,
  form: FormData,
  actor: string,
  place: PhotoPlace,
  now: Date,
) {
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent === "hide" || intent === "show") {
    const outcome = await setReviewHidden(db, id, { hidden: intent === "hide" }, actor, now);
    return outcome.ok
      ? done({ message: intent === "hide" ? "Review hidden." : "Review shown." })
      : outcome;
  }
  if (intent === "delete") {
    if (form.get("confirm") !== "yes") {
      return problem(
        "invalid_input",
        "Tick the box to confirm the review should be deleted for good.",
      );
    }
    const outcome = await deleteReview(db, id, actor, place);
    return outcome.ok ? done({ message: "Review deleted with its photos." }) : outcome;
  }
  return problem("invalid_input", "Unknown action.");
}
