import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { productReviews } from "./schema";
import { attachPhotos } from "./photos.server";
import type { PublicReview } from "./types";
import type { ReviewInput } from "./validation";
import { logError } from "~/security/log.server";

/**
 * A verified purchase is a review sent from the signed link in the buyer's e-mail (X-SEC-8):
 * knowing a buyer's address is not enough.
 */
const verifiedPurchase = sql<boolean>`(${productReviews.verifiedOrderId} is not null)`;

// Explicit columns: the e-mail is read only inside the verified-purchase check (X-REV-2).
const publicColumns = {
  id: productReviews.id,
  productId: productReviews.productId,
  customerName: productReviews.customerName,
  rating: productReviews.rating,
  reviewText: productReviews.reviewText,
  photoUrls: productReviews.photoUrls,
  createdAt: productReviews.createdAt,
  verifiedPurchase,
};

type Row = {
  id: string;
  productId: string;
  customerName: string;
  rating: number;
  reviewText: string;
  photoUrls: string[];
  createdAt: Date;
  verifiedPurchase: boolean;
};

function toPublic(row: Row): PublicReview {
  return {
    id: row.id,
    product_id: row.productId,
    customer_name: row.customerName,
    rating: row.rating,
    review_text: row.reviewText,
    photo_urls: row.photoUrls,
    created_at: new Date(row.createdAt).toISOString(),
    verified_purchase: Boolean(row.verifiedPurchase),
  };
}

/** A product's reviews, newest first (spec section 7, call 3). */
export async function listReviews(db: Database, productId: string): Promise<PublicReview[]> {
  const rows = await db
    .select(publicColumns)
    .from(productReviews)
    // X-OPS-7: a review the owner hid is on no public surface (this list, its API, the rating).
    .where(and(eq(productReviews.productId, productId), isNull(productReviews.hiddenAt)))
    .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
  return rows.map(toPublic);
}

/** For the product page: a failure is logged and shows an empty list (S-REV-7). */
export async function listReviewsOrEmpty(db: Database, productId: string): Promise<PublicReview[]> {
  try {
    return await listReviews(db, productId);
  } catch (error) {
    logError(`Could not load the reviews of ${productId}`, error);
    return [];
  }
}

/** A photo of the review could not be claimed: on another review, another browser's, or gone. */
export class ReviewPhotoGone extends Error {}

/** The order already has its verified review of this product (X-SEC-15). */
export class AlreadyReviewed extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Stores one review (spec section 7, call 4) and claims its photos for it in the same
 * transaction (only the uploading browser's, `uploaderHash`), then answers it as visitors will
 * see it. A second verified review of one order's product is refused by the database's unique
 * index, whatever races it (AlreadyReviewed; X-SEC-15).
 */
export async function createReview(
  db: Database,
  productId: string,
  input: ReviewInput,
  verifiedOrderId?: string,
  uploaderHash?: string,
): Promise<PublicReview> {
  const id = await db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(productReviews)
        .values({
          productId,
          customerName: input.customer_name,
          customerEmail: input.customer_email,
          rating: input.rating,
          reviewText: input.review_text,
          photoUrls: input.photo_urls,
          verifiedOrderId: verifiedOrderId ?? null,
        })
        .returning({ id: productReviews.id });
      if (!inserted) throw new Error("The review insert returned no row.");
      if (!(await attachPhotos(tx as unknown as Database, input.photo_urls, uploaderHash))) {
        throw new ReviewPhotoGone();
      }
      return inserted.id;
    })
    .catch((error: unknown) => {
      if (verifiedOrderId && isUniqueViolation(error)) throw new AlreadyReviewed();
      throw error;
    });
  const [row] = await db
    .select(publicColumns)
    .from(productReviews)
    .where(eq(productReviews.id, id));
  if (!row) throw new Error("The stored review could not be read back.");
  return toPublic(row);
}
