import sharp from "sharp";
import { imageWork } from "~/background/image-work.server";
import { BACKGROUND_WORK } from "~/background/image-queue";
import type { Database } from "~/db/client.server";
import type { FileStore } from "~/storage/files.server";
import { IMAGE_WORK_LIMITS } from "~/shared/limits";
import type { Product } from "../types";
import { drawProductImage } from "./index";
import { drawingKey, drawingPng } from "./png.server";

/**
 * The pictures sent outside the shop (issue 55): a product's link preview (og:image,
 * twitter:image) at 1200 × 630, and an owner's photo as one JPEG up to 1200 px wide for Google's
 * feed. Made on request in the image queue, kept by this process (a burst shares one) and by
 * any cache for a day.
 */

export const SHARE_SIZE = { width: 1200, height: 630 } as const;
export const PHOTO_JPEG_MAX_WIDTH = 1200;
/** The shop's paper colour behind a picture that does not fill the frame. */
const PAPER = { r: 247, g: 246, b: 243, alpha: 1 };

export interface Picture {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
}

const made = new Map<string, Promise<Picture | null>>();
const KEPT = 64;

function once(key: string, make: () => Promise<Picture | null>): Promise<Picture | null> {
  let picture = made.get(key);
  if (!picture) {
    picture = make();
    made.set(key, picture);
    picture.then(
      (answer) => answer || made.delete(key),
      () => made.delete(key),
    );
    // The oldest goes first.
    if (made.size > KEPT) made.delete(made.keys().next().value!);
  }
  return picture;
}

const masterKeyOf = (photoId: string) => `product-photos/${photoId}/master`;

/** The first photo's master, or null when the file store does not have it. */
async function masterOf(files: FileStore, photoId: string): Promise<Uint8Array | null> {
  return (await files.get(masterKeyOf(photoId)))?.bytes ?? null;
}

/** A product's link preview: its first photo (JPEG), else its first drawing (PNG), on paper. */
export function sharePicture(
  db: Database,
  files: FileStore,
  product: Product,
): Promise<Picture | null> {
  const photo = product.photos?.[0];
  const image = product.images[0];
  if (photo) {
    return once(`share/${photo.id}`, async () => {
      const master = await masterOf(files, photo.id);
      if (!master) return null;
      const bytes = await imageWork(BACKGROUND_WORK, 2, () =>
        sharp(master)
          .timeout({ seconds: IMAGE_WORK_LIMITS.drawingSeconds })
          .resize(SHARE_SIZE.width, SHARE_SIZE.height, { fit: "contain", background: PAPER })
          .flatten({ background: PAPER })
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer(),
      );
      return { bytes, contentType: "image/jpeg" };
    });
  }
  if (!image) return Promise.resolve(null);
  const key = drawingKey(product, image.view);
  return once(`share/${key}`, async () => {
    const drawing = await drawingPng(db, key, () => drawProductImage(product, image.view));
    const bytes = await imageWork(BACKGROUND_WORK, 1, () =>
      sharp(drawing)
        .resize(SHARE_SIZE.width, SHARE_SIZE.height, { fit: "contain", background: PAPER })
        .flatten({ background: PAPER })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    return { bytes, contentType: "image/png" };
  });
}

/** An owner's photo as a JPEG up to 1200 px wide (never enlarged), from its master. */
export function photoJpeg(files: FileStore, photoId: string): Promise<Picture | null> {
  return once(`photo/${photoId}`, async () => {
    const master = await masterOf(files, photoId);
    if (!master) return null;
    const bytes = await imageWork(BACKGROUND_WORK, 2, () =>
      sharp(master)
        .timeout({ seconds: IMAGE_WORK_LIMITS.drawingSeconds })
        .resize({ width: PHOTO_JPEG_MAX_WIDTH, withoutEnlargement: true })
        .flatten({ background: PAPER })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer(),
    );
    return { bytes, contentType: "image/jpeg" };
  });
}
