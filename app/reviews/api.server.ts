import type { OriginSettings } from "~/security/origin.server";
import type { Env } from "~/shared/settings";
import { findProduct } from "~/catalogue/catalogue";
import { loadCatalogue } from "~/catalogue/store.server";
import type { Database } from "~/db/client.server";
import { created, done, problem, ProblemError, type Result } from "~/shared/problems";
import { logError } from "~/security/log.server";
import { REVIEW_PHOTO_LIMITS } from "~/shared/limits";
import { clientKey } from "~/security/rate-limit.server";
import { type PhotoPlace, photoExists, readPhoto, storePhoto } from "./photos.server";
import { verifiedOrderFor } from "./review-link.server";
import { AlreadyReviewed, createReview, listReviews, ReviewPhotoGone } from "./reviews.server";
import { uploaderFor, uploaderHash, uploaderOf } from "./uploader.server";
import type { PublicReview } from "./types";
import { INSERT_FAILED_MESSAGE, parseReviewInput } from "./validation";

const UNKNOWN_PRODUCT = "There is no product with that id.";
const PHOTO_GONE = "One of the photos could not be found. Please add it again.";
const PHOTO_NOT_YOURS =
  "One of the photos was not uploaded from this browser, or is already on another review. Please upload it again.";
/** X-SEC-15: a real shop takes one review per purchase and says so, rather than quietly
 *  storing a second one without its badge. */
const ALREADY_REVIEWED =
  "You have already reviewed this product for this order. Thank you: one review per purchase.";

const MAX_PHOTO_BYTES = REVIEW_PHOTO_LIMITS.bytes;
export const PHOTO_TOO_LARGE = "Photos can be at most 10 MB.";

/** GET /api/products/:productId/reviews: newest first, never an e-mail (X-REV-2). */
export async function reviewsForProduct(
  db: Database,
  productId: string,
  now: Date,
): Promise<Result<PublicReview[]>> {
  if (!findProduct(await loadCatalogue(db, now.getTime()), productId))
    return problem("not_found", UNKNOWN_PRODUCT);
  try {
    return done(await listReviews(db, productId));
  } catch (error) {
    logError(`Could not load the reviews of ${productId}`, error);
    return problem("unavailable", "Reviews cannot be loaded right now. Please try again later.");
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

/**
 * POST /api/products/:productId/reviews (S-REV-4, X-REV-1..3). Its photos must have been uploaded
 * from the same browser (the uploader cookie the request carries) and be on no other review
 * (X-SEC-15).
 */
export async function submitReview(
  db: Database,
  productId: string | undefined,
  body: unknown,
  request: Request,
  settings: Pick<Env, "REVIEW_LINK_SECRET" | "dataDir">,
  now: Date,
): Promise<Result<Omit<PublicReview, "verified_purchase">>> {
  if (!productId || !findProduct(await loadCatalogue(db, now.getTime()), productId)) {
    return problem("not_found", UNKNOWN_PRODUCT);
  }
  const parsed = parseReviewInput(body);
  if (!parsed.ok) return problem("invalid_input", parsed.message);
  const input = parsed.value;

  if (honeypotFilled(body)) {
    return done(
      {
        id: crypto.randomUUID(),
        product_id: productId,
        customer_name: input.customer_name,
        rating: input.rating,
        review_text: input.review_text,
        photo_urls: input.photo_urls,
        created_at: now.toISOString(),
      },
      { created: true },
    );
  }

  for (const url of input.photo_urls) {
    if (!(await photoExists(db, url, settings))) {
      return problem("invalid_input", PHOTO_GONE);
    }
  }

  try {
    const verifiedOrderId = await verifiedOrderFor(db, input.review_token, productId, settings);
    // The answer never says whether the review counts as a verified purchase (X-SEC-8).
    const uploader = uploaderOf(request);
    const stored: Partial<PublicReview> = await createReview(
      db,
      productId,
      input,
      verifiedOrderId,
      uploader ? uploaderHash(uploader) : undefined,
    );
    delete stored.verified_purchase;
    return created(stored as Omit<PublicReview, "verified_purchase">);
  } catch (error) {
    if (error instanceof ReviewPhotoGone) return problem("invalid_input", PHOTO_NOT_YOURS);
    if (error instanceof AlreadyReviewed) return problem("already_done", ALREADY_REVIEWED);
    logError("Could not store a review", error);
    return problem("unavailable", INSERT_FAILED_MESSAGE);
  }
}

/**
 * POST /api/uploads: one photo in the multipart field `file` (S-REV-5, X-REV-3). The answer stays
 * `{fileUrl}`; it sets the browser's uploader cookie when it has none (X-SEC-15), and the photo
 * counts against the address's daily quota (X-SEC-6).
 */
export async function uploadPhoto(
  db: Database,
  form: FormData,
  request: Request,
  address: string,
  place: PhotoPlace & { settings: OriginSettings },
): Promise<Result<{ fileUrl: string }>> {
  const file = form.get("file");
  if (!(file instanceof Blob)) {
    return problem("invalid_input", "Send the photo as multipart/form-data in the field `file`.");
  }
  if (file.size > MAX_PHOTO_BYTES) return problem("too_large", PHOTO_TOO_LARGE);
  try {
    const uploader = uploaderFor(request, place.settings);
    const stored = await storePhoto(db, new Uint8Array(await file.arrayBuffer()), place, {
      uploaderHash: uploaderHash(uploader.id),
      clientKey: clientKey(address),
    });
    return done(stored, { created: true, cookie: uploader.setCookie });
  } catch (error) {
    // A refused photo, or the image queue's refusal (X-SEC-18: 429 or 503 with Retry-After).
    if (error instanceof ProblemError) return error.problem;
    logError("Could not store a photo", error);
    return problem("unavailable", "The photo could not be saved right now. Please try again.");
  }
}

/**
 * GET /uploads/:file: a stored review photo, and whether it is on a review; any other name is
 * not found (no path traversal). A photo not yet on a review is only for the browser that
 * uploaded it (X-SEC-6).
 */
export async function reviewPhoto(
  db: Database,
  place: PhotoPlace,
  file: string,
  request: Request,
): Promise<Result<{ bytes: Uint8Array; attached: boolean }>> {
  const uploader = uploaderOf(request);
  const photo = await readPhoto(db, place, file, uploader ? uploaderHash(uploader) : undefined);
  return photo ? done(photo) : problem("not_found", "Not found");
}
