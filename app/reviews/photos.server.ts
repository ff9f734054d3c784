import { randomUUID } from "node:crypto";
import { readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { reviewPhotos } from "~/db/schema";
import { env } from "~/env.server";
import { type ImageType, sniffImageType } from "./image-type";
import { PHOTO_URL_PATTERN } from "./photo-urls";
import { UUID_SOURCE } from "~/db/ids";
import { oneAtATime } from "./one-at-a-time";

// Item 12: one libvips thread and no operation cache, set once where sharp is first used; with
// the queue below, a process holds at most one photo's decoding memory at a time.
sharp.concurrency(1);
sharp.cache(false);
const decodeQueue = oneAtATime();

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
const LONG_SIDE = 1600;
const THUMB_SIDE = 400;

/** Names the server gave: "<uuid>.webp" and its "<uuid>-thumb.webp". Nothing else is served. */
const STORED_NAME = new RegExp(`^${UUID_SOURCE}(-thumb)?\\.webp$`);

/** Where photos lived before they moved into the database (read only, for older reviews). */
export function uploadsDir(): string {
  return path.join(env().dataDir, "uploads");
}

export class PhotoRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * Checks a photo by its content and re-encodes it to WebP (X-REV-3): the magic bytes must say
 * JPEG, PNG, WebP or GIF, sharp must decode the whole of it, and it may not exceed 10 MB or
 * 40 megapixels. Re-encoding keeps no metadata (EXIF, GPS, XMP); .rotate() applies the EXIF
 * orientation first so the picture still stands the right way up.
 */
export async function storePhoto(db: Database, bytes: Uint8Array): Promise<{ fileUrl: string }> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw new PhotoRejected("Photos can be at most 10 MB.", 413);
  }
  if (bytes.byteLength === 0) throw new PhotoRejected("The photo is empty.", 400);
  const type = sniffImageType(bytes);
  if (!type) {
    throw new PhotoRejected("Only JPEG, PNG, WebP or GIF photos can be uploaded.", 415);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  const { large, thumb } = await decodeQueue(() => reencode(input, type));
  return { fileUrl: `/uploads/${await savePhoto(db, large, thumb)}.webp` };
}

/** Decodes and re-encodes one photo; runs alone in its process (decodeQueue). */
async function reencode(input: Buffer, type: ImageType): Promise<{ large: Buffer; thumb: Buffer }> {
  const open = () => sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "warning" });
  let large: Buffer;
  let thumb: Buffer;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    if (meta.format !== type) {
      throw new PhotoRejected("Only JPEG, PNG, WebP or GIF photos can be uploaded.", 415);
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PHOTO_PIXELS) {
      throw new PhotoRejected("Photos can be at most 40 megapixels.", 413);
    }
    const resized = (side: number) =>
      open()
        .rotate()
        .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    large = await resized(LONG_SIDE);
    thumb = await resized(THUMB_SIDE);
  } catch (error) {
    if (error instanceof PhotoRejected) throw error;
    throw new PhotoRejected("The photo could not be read. Please try another one.", 422);
  }
  return { large, thumb };
}

/** Any fixed number: one upload at a time checks and adds to the total (the quota). */
const PHOTO_QUOTA_LOCK = 7_310_002;

/**
 * Stores the photo and its thumbnail in the database, where every process reads them
 * (X-SCALE-3), within PHOTO_STORAGE_LIMIT_MB for all photos together.
 */
async function savePhoto(db: Database, image: Buffer, thumbnail: Buffer): Promise<string> {
  const id = randomUUID();
  const size = image.byteLength + thumbnail.byteLength;
  const limit = env().PHOTO_STORAGE_LIMIT_MB * 1024 * 1024;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PHOTO_QUOTA_LOCK})`);
    const [used] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${reviewPhotos.storedBytes}), 0)::bigint` })
      .from(reviewPhotos);
    if (Number(used?.bytes ?? 0) + size > limit) {
      throw new PhotoRejected(
        "The shop cannot take more photos right now. Please send your review without a photo, or try again later.",
        413,
      );
    }
    await tx.insert(reviewPhotos).values({ id, image, thumbnail, storedBytes: size });
  });
  return id;
}

const PHOTO_ID = /^\/uploads\/([0-9a-f-]{36})\.webp$/;

/** True when the URL is one of this shop's uploads and the photo is stored. */
export async function photoExists(db: Database, url: string): Promise<boolean> {
  if (!PHOTO_URL_PATTERN.test(url)) return false;
  const id = PHOTO_ID.exec(url)?.[1];
  if (!id) return false;
  const [row] = await db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.id, id))
    .limit(1);
  return Boolean(row) || (await legacyFile(path.basename(url))) !== null;
}

/**
 * Marks the photos of a review as attached, so the clean-up keeps them. In the transaction
 * that stores the review; false when one of them is gone (removed since it was checked).
 */
export async function attachPhotos(tx: Database, urls: readonly string[]): Promise<boolean> {
  const ids = urls.map((url) => PHOTO_ID.exec(url)?.[1]).filter((id): id is string => !!id);
  if (ids.length === 0) return true;
  const attached = await tx
    .update(reviewPhotos)
    .set({ attachedAt: sql`coalesce(${reviewPhotos.attachedAt}, now())` })
    .where(inArray(reviewPhotos.id, ids))
    .returning({ id: reviewPhotos.id });
  const legacy = await Promise.all(
    ids
      .filter((id) => !attached.some((row) => row.id === id))
      .map((id) => legacyFile(`${id}.webp`)),
  );
  return legacy.every((file) => file !== null);
}

/** Photos never attached to a review within a day are deleted (a batch per call). */
export async function removeUnattachedPhotos(db: Database, batch = 100): Promise<number> {
  const removed = await db
    .delete(reviewPhotos)
    .where(
      sql`${reviewPhotos.id} IN (
        SELECT id FROM review_photos
        WHERE attached_at IS NULL AND created_at < now() - interval '24 hours'
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning({ id: reviewPhotos.id });
  return removed.length;
}

/** A stored photo's bytes by file name, or null for any name the server did not give. */
export async function readPhoto(db: Database, file: string): Promise<Buffer | null> {
  const match = STORED_NAME.exec(file);
  if (!match) return null;
  const id = file.slice(0, 36);
  const thumb = Boolean(match[1]);
  const [row] = await db
    .select({ bytes: thumb ? reviewPhotos.thumbnail : reviewPhotos.image })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.id, id))
    .limit(1);
  return row?.bytes ?? (await legacyFile(file));
}

/** Photos uploaded before they moved into the database are still read from DATA_DIR/uploads. */
async function legacyFile(file: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(file)) return null;
  try {
    return await readFile(path.join(uploadsDir(), file));
  } catch {
    return null;
  }
}

/**
 * Removes a deleted review's photos for good (X-OPS-7): their rows, in the transaction that
 * deletes the review, and any file from before photos moved into the database.
 */
export async function deletePhotos(tx: Database, urls: readonly string[]): Promise<number> {
  const ids = urls.map((url) => PHOTO_ID.exec(url)?.[1]).filter((id): id is string => !!id);
  if (ids.length === 0) return 0;
  const removed = await tx
    .delete(reviewPhotos)
    .where(inArray(reviewPhotos.id, ids))
    .returning({ id: reviewPhotos.id });
  return removed.length;
}

/** The files of photos from before they moved into the database, after the delete committed. */
export async function deleteLegacyPhotoFiles(urls: readonly string[]): Promise<void> {
  const ids = urls.map((url) => PHOTO_ID.exec(url)?.[1]).filter((id): id is string => !!id);
  await Promise.all(
    ids.flatMap((id) =>
      [`${id}.webp`, `${id}-thumb.webp`].map((file) =>
        unlink(path.join(uploadsDir(), file)).catch(() => undefined),
      ),
    ),
  );
}
