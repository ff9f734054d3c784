import { findProduct } from "~/catalogue";
import type { Database } from "~/db/client.server";
import { type Outcome, refuse, success } from "~/security/edge.server";
import { logError } from "~/security/log.server";
import { MAX_PHOTO_BYTES, PhotoRejected, photoExists, storePhoto } from "./photos.server";
import { verifiedOrderFor } from "./review-link.server";
import { createReview, listReviews, ReviewPhotoGone } from "./reviews.server";
import type { PublicReview } from "./types";
import { INSERT_FAILED_MESSAGE, parseReviewInput } from "./validation";

const UNKNOWN_PRODUCT = "There is no product with that id.";
const PHOTO_GONE = "One of the photos could not be found. Please add it again.";

/** The multipart wrapping around a photo: boundaries, headers, the file name. */
export const MULTIPART_OVERHEAD = 64 * 1024;
export const PHOTO_TOO_LARGE = "Photos can be at most 10 MB.";

/** GET /api/products/:productId/reviews: newest first, never an e-mail (X-REV-2). */
export async function reviewsForProduct(db: Database, productId: string): Promise<Response> {
  if (!findProduct(productId)) return Response.json({ error: UNKNOWN_PRODUCT }, { status: 404 });
  try {
    return Response.json(await listReviews(db, productId));
  } catch (error) {
    logError(`Could not load the reviews of ${productId}`, error);
    return Response.json(
      { error: "Reviews cannot be loaded right now. Please try again later." },
      { status: 503 },
    );
  }
}

/**
 * A filled-in honeypot field (a field people never see) marks a bot: it is answered as if the
 * review were stored, so the bot learns nothing, and nothing is stored.
 */
function honeypotFilled(body: unknown): boolean {
  if (typeof body !== "object" || body === null || !("website" in body)) return false;
  const value = (body as { website: unknown }).website;
  return typeof value === "string" ? value.trim() !== "" : value != null;
}

/** POST /api/products/:productId/reviews (S-REV-4, X-REV-1..3). */
export async function submitReview(
  db: Database,
  productId: string | undefined,
  body: unknown,
): Promise<Outcome<Omit<PublicReview, "verified_purchase">>> {
  if (!productId || !findProduct(productId)) return refuse(404, UNKNOWN_PRODUCT);
  const parsed = parseReviewInput(body);
  if (!parsed.ok) return refuse(400, parsed.message);
  const input = parsed.value;

  if (honeypotFilled(body)) {
    return success(
      {
        id: crypto.randomUUID(),
        product_id: productId,
        customer_name: input.customer_name,
        rating: input.rating,
        review_text: input.review_text,
        photo_urls: input.photo_urls,
        created_at: new Date().toISOString(),
      },
      201,
    );
  }

  for (const url of input.photo_urls) {
    if (!(await photoExists(db, url))) {
      return refuse(400, PHOTO_GONE);
    }
  }

  try {
    const verifiedOrderId = await verifiedOrderFor(db, input.review_token, productId);
    // The answer never says whether the review counts as a verified purchase (X-SEC-8).
    const stored: Partial<PublicReview> = await createReview(db, productId, input, verifiedOrderId);
    delete stored.verified_purchase;
    return success(stored as Omit<PublicReview, "verified_purchase">, 201);
  } catch (error) {
    if (error instanceof ReviewPhotoGone) return refuse(400, PHOTO_GONE);
    logError("Could not store a review", error);
    return refuse(503, INSERT_FAILED_MESSAGE);
  }
}

/** POST /api/uploads: one photo in the multipart field `file` (S-REV-5, X-REV-3). */
export async function uploadPhoto(
  db: Database,
  form: FormData,
): Promise<Outcome<{ fileUrl: string }>> {
  const file = form.get("file");
  if (!(file instanceof Blob)) {
    return refuse(400, "Send the photo as multipart/form-data in the field `file`.");
  }
  if (file.size > MAX_PHOTO_BYTES) return refuse(413, PHOTO_TOO_LARGE);
  try {
    return success(await storePhoto(db, new Uint8Array(await file.arrayBuffer())), 201);
  } catch (error) {
    if (error instanceof PhotoRejected) {
      return refuse(error.status as 400 | 413 | 415 | 422, error.message);
    }
    logError("Could not store a photo", error);
    return refuse(503, "The photo could not be saved right now. Please try again.");
  }
}
