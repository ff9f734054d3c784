import { randomUUID } from "node:crypto";
import { access, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "~/env.server";
import { sniffImageType } from "./image-type";
import { PHOTO_URL_PATTERN } from "./validation";

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
const LONG_SIDE = 1600;
const THUMB_SIDE = 400;

/** Names the server gave: "<uuid>.webp" and its "<uuid>-thumb.webp". Nothing else is served. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(-thumb)?\.webp$/;

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
export async function storePhoto(bytes: Uint8Array): Promise<{ fileUrl: string }> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) {
    throw new PhotoRejected("Photos can be at most 10 MB.", 413);
  }
  if (bytes.byteLength === 0) throw new PhotoRejected("The photo is empty.", 400);
  const type = sniffImageType(bytes);
  if (!type) {
    throw new PhotoRejected("Only JPEG, PNG, WebP or GIF photos can be uploaded.", 415);
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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

  const id = randomUUID();
  const dir = uploadsDir();
  await mkdir(dir, { recursive: true });
  // The thumbnail is written first and each file appears whole (rename), so a photo that
  // exists always has its thumbnail.
  await writeAtomically(path.join(dir, `${id}-thumb.webp`), thumb);
  await writeAtomically(path.join(dir, `${id}.webp`), large);
  return { fileUrl: `/uploads/${id}.webp` };
}

async function writeAtomically(target: string, data: Buffer) {
  const temp = `${target}.${randomUUID()}.tmp`;
  await writeFile(temp, data, { flag: "wx" });
  await rename(temp, target);
}

/** True when the URL is one of this shop's uploads and the file is on disk. */
export async function photoExists(url: string): Promise<boolean> {
  if (!PHOTO_URL_PATTERN.test(url)) return false;
  try {
    await access(path.join(uploadsDir(), path.basename(url)));
    return true;
  } catch {
    return false;
  }
}

/** A stored photo's bytes by file name, or null for any name the server did not give. */
export async function readPhoto(file: string): Promise<Buffer | null> {
  if (!STORED_NAME.test(file)) return null;
  try {
    return await readFile(path.join(uploadsDir(), file));
  } catch {
    return null;
  }
}
