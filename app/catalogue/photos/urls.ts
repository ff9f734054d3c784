import type { productPhotos, ProductPhotoStatus, StoredRendition } from "~/catalogue/schema";
import type { PhotoSource, ProductPhoto } from "../types";

export type PhotoRow = typeof productPhotos.$inferSelect;

/** Where a rendition is served: a hashed name, so the answer is immutable (X-PHOTO-2). */
export const PHOTO_URL_PREFIX = "/photos/";
const KEY_PREFIX = "product-photos/";

/** Every key a product photo's files are stored under: its master and its renditions (a restore
 *  refuses any other, X-SEC-23). */
export const PRODUCT_PHOTO_FILE_KEY =
  /^product-photos\/[0-9a-f-]{36}\/(master|\d{1,4}-[0-9a-f]{16}\.(avif|webp|jpeg))$/;

/** The address of a rendition stored under `key`. */
export function renditionUrl(key: string): string {
  return PHOTO_URL_PREFIX + key.slice(KEY_PREFIX.length);
}

/** The store key of `/photos/:photoId/:file`, or null for any name the shop did not give. */
export function renditionKey(photoId: string, file: string): string | null {
  if (!/^[0-9a-f-]{36}$/.test(photoId)) return null;
  if (!/^\d{1,4}-[0-9a-f]{16}\.(avif|webp|jpeg)$/.test(file)) return null;
  return `${KEY_PREFIX}${photoId}/${file}`;
}

export function renditionKeyOf(photoId: string, r: Omit<StoredRendition, "key">, hash: string) {
  return `${KEY_PREFIX}${photoId}/${r.width}-${hash}.${r.format}`;
}

/** A ready photo's files: AVIF, WebP and JPEG by width, narrowest first, and its placeholder. */
export interface PhotoUrls {
  avif: PhotoSource[];
  webp: PhotoSource[];
  jpeg: PhotoSource[];
  placeholder: string | null;
}

/** The owner's JSON of a photo (issue 22's table); `urls` once it is ready. */
export interface OwnerPhoto {
  id: string;
  alt: string;
  color: string | null;
  position: number;
  status: ProductPhotoStatus;
  urls?: PhotoUrls;
}

export function photoUrls(renditions: readonly StoredRendition[], placeholder: string | null) {
  const of = (format: StoredRendition["format"]) =>
    renditions
      .filter((r) => r.format === format)
      .sort((a, b) => a.width - b.width)
      .map((r) => ({ url: renditionUrl(r.key), width: r.width, height: r.height }));
  return { avif: of("avif"), webp: of("webp"), jpeg: of("jpeg"), placeholder };
}

export function ownerPhoto(row: PhotoRow): OwnerPhoto {
  const photo: OwnerPhoto = {
    id: row.id,
    alt: row.alt,
    color: row.color,
    position: row.position,
    status: row.status,
  };
  if (row.status === "ready") photo.urls = photoUrls(row.renditions, row.placeholder);
  return photo;
}

/** A ready photo as the storefront shows it. */
export function productPhoto(row: PhotoRow): ProductPhoto {
  const urls = photoUrls(row.renditions, row.placeholder);
  return {
    id: row.id,
    alt: row.alt,
    color: row.color,
    width: row.width,
    height: row.height,
    avif: urls.avif,
    webp: urls.webp,
    // Photos made before e-mails had their JPEG have none: e-mails show the drawing instead.
    ...(urls.jpeg.length && { jpeg: urls.jpeg }),
    placeholder: row.placeholder,
  };
}

/** A photo as one JPEG up to 1200 px wide (issue 55): for Google's feed and link previews, which
 *  take neither AVIF nor (everywhere) WebP. Made from the master on request. */
export function photoJpegPath(photoId: string): string {
  return `/images/photos/${photoId}.jpg`;
}
