/**
 * Review photo links, apart from the review schema: the product page shows thumbnails with its
 * first JavaScript, and the schema (zod) loads only with the review form (X-PERF-2).
 */
import { UUID_SOURCE } from "~/db/ids";

/** The only photo URLs a review may carry: this shop's own uploads (see /api/uploads). */
export const PHOTO_URL_PATTERN = new RegExp(`^/uploads/${UUID_SOURCE}\\.webp$`);

/** The small copy stored beside every upload. */
export function thumbnailUrl(photoUrl: string): string {
  return photoUrl.replace(/\.webp$/, "-thumb.webp");
}
