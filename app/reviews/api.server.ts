import { findProduct } from "~/catalogue";
import type { Database } from "~/db/client.server";
import { clientAddress, isSameOrigin, jsonError, readJsonBody } from "~/security/request.server";
import { takeReviewLimit, takeUploadLimit } from "./limits.server";
import { MAX_PHOTO_BYTES, PhotoRejected, photoExists, storePhoto } from "./photos.server";
import { createReview, listReviews, ReviewPhotoGone } from "./reviews.server";
import type { PublicReview } from "./types";
import { INSERT_FAILED_MESSAGE, parseReviewInput } from "./validation";

const CROSS_ORIGIN = "This request must come from the shop's own pages.";
const UNKNOWN_PRODUCT = "There is no product with that id.";
const PHOTO_GONE = "One of the photos could not be found. Please add it again.";

/** The multipart wrapping around a photo: boundaries, headers, the file name. */
const MULTIPART_OVERHEAD = 64 * 1024;

function tooMany(message: string, retryAfter: number): Response {
  return jsonError(message, 429, { "Retry-After": String(retryAfter) });
}

/** GET /api/products/:productId/reviews: newest first, never an e-mail (X-REV-2). */
export async function reviewsForProduct(db: Database, productId: string): Promise<Response> {
  if (!findProduct(productId)) return jsonError(UNKNOWN_PRODUCT, 404);
  try {
    return Response.json(await listReviews(db, productId));
  } catch (error) {
    console.error(`Could not load the reviews of ${productId}:`, error);
    return jsonError("Reviews cannot be loaded right now. Please try again later.", 503);
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

/** POST /api/products/:productId/reviews (S-REV-4, X-REV-1..4, X-SHOP-4). */
export async function submitReview(
  db: Database,
  request: Request,
  productId: string,
): Promise<Response> {
  if (request.method !== "POST") return jsonError("Use POST to submit a review.", 405);
  if (!isSameOrigin(request)) return jsonError(CROSS_ORIGIN, 403);
  if (!findProduct(productId)) return jsonError(UNKNOWN_PRODUCT, 404);
  const limit = await takeReviewLimit(db, clientAddress(request));
  if (!limit.allowed) {
    return tooMany(
      "You have sent several reviews in a short time. Please wait a minute and try again.",
      limit.retryAfterSeconds,
    );
  }

  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  const parsed = parseReviewInput(body.value);
  if (!parsed.ok) return jsonError(parsed.message, 400);
  const input = parsed.value;

  if (honeypotFilled(body.value)) {
    const ignored: PublicReview = {
      id: crypto.randomUUID(),
      product_id: productId,
      customer_name: input.customer_name,
      rating: input.rating,
      review_text: input.review_text,
      photo_urls: input.photo_urls,
      created_at: new Date().toISOString(),
      verified_purchase: false,
    };
    return Response.json(ignored, { status: 201 });
  }

  for (const url of input.photo_urls) {
    if (!(await photoExists(db, url))) {
      return jsonError(PHOTO_GONE, 400);
    }
  }

  try {
    return Response.json(await createReview(db, productId, input), { status: 201 });
  } catch (error) {
    if (error instanceof ReviewPhotoGone) return jsonError(PHOTO_GONE, 400);
    console.error("Could not store a review:", error);
    return jsonError(INSERT_FAILED_MESSAGE, 503);
  }
}

/** Reads at most `limit` bytes of the body; null when there are more. */
async function readCapped(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const TOO_LARGE = "Photos can be at most 10 MB.";

/** POST /api/uploads: one photo in the multipart field `file` (S-REV-5, X-REV-3). */
export async function uploadPhoto(db: Database, request: Request): Promise<Response> {
  if (request.method !== "POST") return jsonError("Use POST to upload a photo.", 405);
  if (!isSameOrigin(request)) return jsonError(CROSS_ORIGIN, 403);
  const rate = await takeUploadLimit(db, clientAddress(request));
  if (!rate.allowed) {
    return tooMany(
      "You have uploaded many photos in a short time. Please wait a minute and try again.",
      rate.retryAfterSeconds,
    );
  }
  const limit = MAX_PHOTO_BYTES + MULTIPART_OVERHEAD;
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    return jsonError(TOO_LARGE, 413);
  }
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return jsonError("Send the photo as multipart/form-data in the field `file`.", 400);
  }

  let form: FormData;
  try {
    const bytes = await readCapped(request, limit);
    if (!bytes) return jsonError(TOO_LARGE, 413);
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return jsonError("The upload could not be read.", 400);
  }
  const file = form.get("file");
  if (!(file instanceof Blob)) {
    return jsonError("Send the photo as multipart/form-data in the field `file`.", 400);
  }
  if (file.size > MAX_PHOTO_BYTES) return jsonError(TOO_LARGE, 413);

  try {
    const stored = await storePhoto(db, new Uint8Array(await file.arrayBuffer()));
    return Response.json(stored, { status: 201 });
  } catch (error) {
    if (error instanceof PhotoRejected) return jsonError(error.message, error.status);
    console.error("Could not store a photo:", error);
    return jsonError("The photo could not be saved right now. Please try again.", 503);
  }
}
