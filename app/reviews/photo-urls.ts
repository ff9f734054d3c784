/**
 * Review photo links, apart from the review schema: the product page shows thumbnails with its
 * first JavaScript, and the schema (zod) loads only with the review form (X-PERF-2).
 */

/** The only photo URLs a review may carry: this shop's own uploads (see /api/uploads). */
export const PHOTO_URL_PATTERN =
  /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** The small copy stored beside every upload. */
export function thumbnailUrl(photoUrl: string): string {
  return photoUrl.replace(/\.webp$/, "-thumb.webp");
}
