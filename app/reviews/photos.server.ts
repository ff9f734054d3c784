import { randomUUID } from "node:crypto";
import { readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import sharp from "sharp";
import type { Database } from "~/db/client.server";
import { lockForTransaction } from "~/db/locks.server";
import { reviewPhotos } from "./schema";
import type { Env } from "~/shared/settings";
import { type ImageType, sniffImageType } from "./image-type";
import { PHOTO_URL_PATTERN } from "./photo-urls";
import { UUID_SOURCE } from "~/db/ids";
import { imageWork as decodeQueue } from "~/background/image-work.server";
import { bucketOf, type FileStore } from "~/storage/files.server";
import { IMAGE_WORK_LIMITS, REVIEW_PHOTO_LIMITS } from "~/shared/limits";
import { ProblemError } from "~/shared/problems";

const { bytes: MAX_PHOTO_BYTES, pixels: MAX_PHOTO_PIXELS } = REVIEW_PHOTO_LIMITS;

/** Names the server gave: "<uuid>.webp" and its "<uuid>-thumb.webp". Nothing else is served. */
const STORED_NAME = new RegExp(`^${UUID_SOURCE}(-thumb)?\\.webp$`);

/** What review photos are stored with: the shop's file store and its photo settings. */
export interface PhotoPlace {
  files: FileStore;
  settings: Pick<Env, "dataDir" | "UPLOAD_BYTES_PER_DAY_MB" | "PHOTO_STORAGE_LIMIT_MB">;
}

/** Where photos lived before they moved into the database (read only, for older reviews). */
export function uploadsDir(settings: Pick<Env, "dataDir">): string {
  return path.join(settings.dataDir, "uploads");
}

export class PhotoRejected extends ProblemError {
  constructor(
    message: string,
    kind: "invalid_input" | "too_large" | "unsupported_type" | "unreadable" | "rate_limited",
  ) {
    super(kind, message);
  }
}

/**
 * Checks a photo by its content and re-encodes it to WebP (X-REV-3): the magic bytes must say
 * JPEG, PNG, WebP or GIF, sharp must decode the whole of it, and it may not exceed 10 MB or
 * 40 megapixels. Re-encoding keeps no metadata (EXIF, GPS, XMP); .rotate() applies the EXIF
 * orientation first so the picture still stands the right way up.
 */
/** Who uploads a photo: the browser (a hash of its uploader cookie) and the address's key. */
export interface PhotoOwner {
  uploaderHash?: string;
  clientKey?: string;
}

const DAILY_QUOTA_MESSAGE =
  "You have uploaded a lot of photos today. Please try again tomorrow, or send your review without a photo.";

/** Bytes of photos stored from this address in the last 24 hours (X-SEC-6). */
async function uploadedToday(db: Database, clientKey: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${reviewPhotos.storedBytes}), 0)::bigint` })
    .from(reviewPhotos)
    .where(
      and(
        eq(reviewPhotos.clientKey, clientKey),
        gt(reviewPhotos.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  return Number(row?.bytes ?? 0);
}

const dailyQuota = (settings: PhotoPlace["settings"]) =>
  settings.UPLOAD_BYTES_PER_DAY_MB * 1024 * 1024;

export async function storePhoto(
  db: Database,
  bytes: Uint8Array,
  place: PhotoPlace,
  owner: PhotoOwner = {},
): Promise<{ fileUrl: string }> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw new PhotoRejected("Photos can be at most 10 MB.", "too_large");
  }
  if (bytes.byteLength === 0) throw new PhotoRejected("The photo is empty.", "invalid_input");
  const type = sniffImageType(bytes);
  if (!type) {
    throw new PhotoRejected(
      "Only JPEG, PNG, WebP or GIF photos can be uploaded.",
      "unsupported_type",
    );
  }
  // X-SEC-6: an address past its day's quota is refused before any decoding; the exact check
  // is made again with the stored size, under the storage lock.
  if (owner.clientKey && (await uploadedToday(db, owner.clientKey)) >= dailyQuota(place.settings)) {
    throw new PhotoRejected(DAILY_QUOTA_MESSAGE, "rate_limited");
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // X-SEC-18: the header first (no pixel decoded), so the size is refused or charged to the
  // address's budget before the photo waits for its turn.
  const megapixels = (await headerPixels(input, type)) / 1_000_000;
  const { large, thumb } = await decodeQueue(
    { address: owner.clientKey ?? "unknown" },
    megapixels,
    () => reencode(input),
  );
  return { fileUrl: `/uploads/${await savePhoto(db, large, thumb, owner, place)}.webp` };
}

const UNREADABLE = "The photo could not be read. Please try another one.";

/** The photo's width × height from its header; refused past 40 megapixels or not its type. */
async function headerPixels(input: Buffer, type: ImageType): Promise<number> {
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRejected(UNREADABLE, "unreadable");
  }
  if (meta.format !== type) {
    throw new PhotoRejected(
      "Only JPEG, PNG, WebP or GIF photos can be uploaded.",
      "unsupported_type",
    );
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MAX_PHOTO_PIXELS) {
    throw new PhotoRejected("Photos can be at most 40 megapixels.", "too_large");
  }
  return pixels;
}

/**
 * Decodes a photo once (at most 40 megapixels and IMAGE_WORK_LIMITS.decodeSeconds, X-SEC-18) to
 * its large size, and makes the WebP photo and thumbnail from that; runs alone in its process.
 */
async function reencode(input: Buffer): Promise<{ large: Buffer; thumb: Buffer }> {
  let base;
  try {
    base = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "warning" })
      .timeout({ seconds: IMAGE_WORK_LIMITS.decodeSeconds })
      .rotate()
      .resize({
        width: REVIEW_PHOTO_LIMITS.longSide,
        height: REVIEW_PHOTO_LIMITS.longSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (/timeout/i.test(String((error as Error)?.message))) {
      throw new PhotoRejected(
        "The photo took too long to read. Please send a smaller one.",
        "too_large",
      );
    }
    throw new PhotoRejected(UNREADABLE, "unreadable");
  }
  const { width, height, channels } = base.info;
  const from = () => sharp(base.data, { raw: { width, height, channels } });
  const large = await from().webp({ quality: 82 }).toBuffer();
  const thumb = await from()
    .resize({
      width: REVIEW_PHOTO_LIMITS.thumbSide,
      height: REVIEW_PHOTO_LIMITS.thumbSide,
      fit: "inside",
      withoutEnlargement: true,
    })
    .webp({ quality: 82 })
    .toBuffer();
  return { large, thumb };
}

/**
 * With S3_BUCKET a review photo's two files live in the bucket under these keys, and its row keeps
 * empty bytes (an empty `image` says "in the bucket"); without it, the row holds the bytes.
 */
/** Every key a review photo is stored under in the bucket (a restore refuses any other). */
export const REVIEW_PHOTO_FILE_KEY = /^review-photos\/[0-9a-f-]{36}(-thumb)?\.webp$/;

function bucketKeys(id: string): [image: string, thumbnail: string] {
  return [`review-photos/${id}.webp`, `review-photos/${id}-thumb.webp`];
}

const IN_BUCKET = Buffer.alloc(0);

/**
 * Stores the photo and its thumbnail in the database, or with S3_BUCKET in the bucket, where
 * every process reads them (X-SCALE-3), within PHOTO_STORAGE_LIMIT_MB for all photos together and
 * UPLOAD_BYTES_PER_DAY_MB for one address in 24 hours (X-SEC-6), both checked under one lock.
 */
async function savePhoto(
  db: Database,
  image: Buffer,
  thumbnail: Buffer,
  owner: PhotoOwner,
  place: PhotoPlace,
): Promise<string> {
  const id = randomUUID();
  const size = image.byteLength + thumbnail.byteLength;
  const limit = place.settings.PHOTO_STORAGE_LIMIT_MB * 1024 * 1024;
  const bucket = bucketOf(place.files);
  await db.transaction(async (tx) => {
    // One upload at a time checks and adds to the total (the quota).
    await lockForTransaction(tx, "photoQuota");
    const [used] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${reviewPhotos.storedBytes}), 0)::bigint` })
      .from(reviewPhotos);
    if (Number(used?.bytes ?? 0) + size > limit) {
      throw new PhotoRejected(
        "The shop cannot take more photos right now. Please send your review without a photo, or try again later.",
        "too_large",
      );
    }
    if (
      owner.clientKey &&
      (await uploadedToday(tx as unknown as Database, owner.clientKey)) + size >
        dailyQuota(place.settings)
    ) {
      throw new PhotoRejected(DAILY_QUOTA_MESSAGE, "rate_limited");
    }
    await tx.insert(reviewPhotos).values({
      id,
      image: bucket ? IN_BUCKET : image,
      thumbnail: bucket ? IN_BUCKET : thumbnail,
      storedBytes: size,
      uploaderHash: owner.uploaderHash ?? null,
      clientKey: owner.clientKey ?? null,
    });
  });
  if (bucket) {
    // After the row (so a refusal stores nothing); no one has the URL until this returns.
    const [imageKey, thumbnailKey] = bucketKeys(id);
    try {
      await bucket.put(imageKey, image, "image/webp");
      await bucket.put(thumbnailKey, thumbnail, "image/webp");
    } catch (error) {
      await db.delete(reviewPhotos).where(eq(reviewPhotos.id, id));
      await bucket.remove([imageKey, thumbnailKey]).catch(() => undefined);
      throw error;
    }
  }
  return id;
}

const PHOTO_ID = /^\/uploads\/([0-9a-f-]{36})\.webp$/;

/** True when the URL is one of this shop's uploads and the photo is stored. */
export async function photoExists(
  db: Database,
  url: string,
  settings: Pick<Env, "dataDir">,
): Promise<boolean> {
  if (!PHOTO_URL_PATTERN.test(url)) return false;
  const id = PHOTO_ID.exec(url)?.[1];
  if (!id) return false;
  const [row] = await db
    .select({ id: reviewPhotos.id })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.id, id))
    .limit(1);
  return Boolean(row) || (await legacyFile(settings, path.basename(url))) !== null;
}

/**
 * Claims the photos for a review, in the transaction that stores it (X-SEC-15): one conditional
 * update marks each attached only if no review has it yet and the same browser uploaded it, so a
 * photo belongs to one review and two racing reviews cannot both take it. False when one of them
 * could not be claimed (already on a review, another browser's, or removed since the check).
 */
export async function attachPhotos(
  tx: Database,
  urls: readonly string[],
  uploaderHash: string | undefined,
): Promise<boolean> {
  const ids = [...new Set(urls.map((url) => PHOTO_ID.exec(url)?.[1]))].filter(
    (id): id is string => !!id,
  );
  if (ids.length === 0) return urls.length === 0;
  if (ids.length !== new Set(urls).size || !uploaderHash) return false;
  const claimed = await tx
    .update(reviewPhotos)
    .set({ attachedAt: sql`now()` })
    .where(
      and(
        inArray(reviewPhotos.id, ids),
        isNull(reviewPhotos.attachedAt),
        eq(reviewPhotos.uploaderHash, uploaderHash),
      ),
    )
    .returning({ id: reviewPhotos.id });
  return claimed.length === ids.length;
}

/** Photos never attached to a review within a day are deleted, files too (a batch per call). */
export async function removeUnattachedPhotos(
  db: Database,
  files: FileStore,
  batch = 100,
): Promise<number> {
  const removed = await db
    .delete(reviewPhotos)
    .where(
      sql`${reviewPhotos.id} IN (
        SELECT id FROM review_photos
        WHERE attached_at IS NULL AND created_at < now() - interval '24 hours'
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning({ id: reviewPhotos.id, inBucket: sql<boolean>`octet_length(image) = 0` });
  const inBucket = removed.filter((row) => row.inBucket).flatMap((row) => bucketKeys(row.id));
  if (inBucket.length) await bucketOf(files)?.remove(inBucket);
  return removed.length;
}

/**
 * A stored photo's bytes by file name, or null for any name the server did not give. A photo not
 * yet on a review is only for the browser that uploaded it (X-SEC-6): null for anyone else.
 */
export async function readPhoto(
  db: Database,
  place: PhotoPlace,
  file: string,
  uploaderHash: string | undefined,
): Promise<{ bytes: Buffer; attached: boolean } | null> {
  const match = STORED_NAME.exec(file);
  if (!match) return null;
  const id = file.slice(0, 36);
  const thumb = Boolean(match[1]);
  const [row] = await db
    .select({
      bytes: thumb ? reviewPhotos.thumbnail : reviewPhotos.image,
      attachedAt: reviewPhotos.attachedAt,
      uploaderHash: reviewPhotos.uploaderHash,
    })
    .from(reviewPhotos)
    .where(eq(reviewPhotos.id, id))
    .limit(1);
  if (!row) {
    const legacy = await legacyFile(place.settings, file);
    return legacy ? { bytes: legacy, attached: true } : null;
  }
  const attached = Boolean(row.attachedAt);
  if (!attached && (!uploaderHash || row.uploaderHash !== uploaderHash)) return null;
  if (row.bytes.byteLength > 0) return { bytes: row.bytes, attached };
  const stored = await bucketOf(place.files)?.get(bucketKeys(id)[thumb ? 1 : 0]);
  return stored ? { bytes: stored.bytes, attached } : null;
}

/** Photos uploaded before they moved into the database are still read from DATA_DIR/uploads. */
async function legacyFile(settings: Pick<Env, "dataDir">, file: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(file)) return null;
  try {
    return await readFile(path.join(uploadsDir(settings), file));
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

/**
 * A deleted review's files, after the delete committed: in the bucket (with S3_BUCKET), and those
 * from before photos moved into the database.
 */
export async function deletePhotoFiles(place: PhotoPlace, urls: readonly string[]): Promise<void> {
  const ids = urls.map((url) => PHOTO_ID.exec(url)?.[1]).filter((id): id is string => !!id);
  if (ids.length) await bucketOf(place.files)?.remove(ids.flatMap(bucketKeys));
  await Promise.all(
    ids.flatMap((id) =>
      [`${id}.webp`, `${id}-thumb.webp`].map((file) =>
        unlink(path.join(uploadsDir(place.settings), file)).catch(() => undefined),
      ),
    ),
  );
}
