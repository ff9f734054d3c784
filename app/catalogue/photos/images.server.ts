import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp } from "sharp";
import { imageWork } from "~/background/image-work.server";
import { BACKGROUND_WORK, OWNER_WORK } from "~/background/image-queue";
import { IMAGE_WORK_LIMITS, PRODUCT_PHOTO_LIMITS } from "~/shared/limits";
import {
  EMAIL_RENDITION_WIDTHS,
  PHOTO_MESSAGES,
  renditionWidths,
  sniffPhotoFormat,
} from "./photo-rules";
import { ProblemError } from "~/shared/problems";

/** A photo the shop will not take: the status and sentence the owner gets. */
export class PhotoRefused extends ProblemError {
  constructor(
    message: string,
    kind: "invalid_input" | "too_large" | "unsupported_type" | "unreadable",
  ) {
    super(kind, message);
  }
}

/** HEIC where this build of sharp (libheif) reads it; the prebuilt one reads AVIF only. */
export function readsHeic(): boolean {
  const suffixes = (sharp.format.heif?.input as { fileSuffix?: string[] } | undefined)?.fileSuffix;
  return Boolean(suffixes?.includes(".heic"));
}

export interface Master {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  width: number;
  height: number;
}

/**
 * Checks an upload and makes its master (X-PHOTO-1): the content must be JPEG, PNG, WebP, AVIF
 * (or HEIC where sharp reads it), at most 20 MB and 40 megapixels, and decode to its end (a cut
 * short file is refused). The EXIF orientation is applied, then everything else is dropped:
 * sharp writes no metadata (EXIF, GPS, XMP, ICC after conversion to sRGB) unless asked. A photo
 * with transparency stays PNG; any other becomes a high-quality JPEG. One sharp job at a time.
 */
export async function makeMaster(bytes: Uint8Array): Promise<Master> {
  if (bytes.byteLength === 0) throw new PhotoRefused(PHOTO_MESSAGES.empty, "invalid_input");
  if (bytes.byteLength > PRODUCT_PHOTO_LIMITS.bytes) {
    throw new PhotoRefused(PHOTO_MESSAGES.tooLarge, "too_large");
  }
  const format = sniffPhotoFormat(bytes);
  if (!format) throw new PhotoRefused(PHOTO_MESSAGES.notImage, "unsupported_type");
  if (format === "heic" && !readsHeic())
    throw new PhotoRefused(PHOTO_MESSAGES.heic, "unsupported_type");
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let meta: Metadata;
  try {
    // The header only: its size is checked before any pixel is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoRefused(PHOTO_MESSAGES.unreadable, "unreadable");
  }
  const expected = format === "avif" || format === "heic" ? "heif" : format;
  if (meta.format !== expected) throw new PhotoRefused(PHOTO_MESSAGES.notImage, "unsupported_type");
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > PRODUCT_PHOTO_LIMITS.pixels) {
    throw new PhotoRefused(PHOTO_MESSAGES.tooManyPixels, "too_large");
  }
  return imageWork(OWNER_WORK, pixels / 1_000_000, async () => {
    try {
      const image = sharp(input, {
        limitInputPixels: PRODUCT_PHOTO_LIMITS.pixels,
        failOn: "truncated",
        pages: 1,
      })
        .timeout({ seconds: IMAGE_WORK_LIMITS.ownerDecodeSeconds })
        .rotate()
        .toColourspace("srgb");
      const alpha = Boolean(meta.hasAlpha);
      const { data, info } = alpha
        ? await image.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : await image
            .jpeg({ quality: 92, chromaSubsampling: "4:4:4" })
            .toBuffer({ resolveWithObject: true });
      return {
        bytes: data,
        contentType: alpha ? "image/png" : "image/jpeg",
        width: info.width,
        height: info.height,
      };
    } catch {
      throw new PhotoRefused(PHOTO_MESSAGES.unreadable, "unreadable");
    }
  });
}

export interface Rendition {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  bytes: Buffer;
  /** The first 16 hex digits of the bytes' SHA-256: the file's address changes with it. */
  hash: string;
}

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/**
 * The renditions of a master (X-PHOTO-2): AVIF and WebP at each of 320 to 1600 px wide that the
 * original reaches, and a tiny blurred WebP placeholder as a data: URL. Each size is made from
 * the 1600 px copy, not the master, so a large photo is decoded once. One sharp job at a time.
 */
export async function makeRenditions(
  master: Buffer,
  width: number,
  height: number,
): Promise<{ renditions: Rendition[]; placeholder: string }> {
  return imageWork(OWNER_WORK, (width * height) / 1_000_000, async () => {
    const widths = renditionWidths(width);
    const largest = Math.max(...widths);
    const base = await sharp(master, { limitInputPixels: PRODUCT_PHOTO_LIMITS.pixels })
      .timeout({ seconds: IMAGE_WORK_LIMITS.ownerDecodeSeconds })
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const from = () =>
      sharp(base.data, {
        raw: {
          width: base.info.width,
          height: base.info.height,
          channels: base.info.channels,
        },
      });
    const renditions: Rendition[] = [];
    for (const w of widths) {
      const h = Math.max(1, Math.round((w * height) / width));
      for (const format of ["avif", "webp"] as const) {
        const resized = from().resize({ width: w, height: h, fit: "fill" });
        const bytes =
          format === "avif"
            ? await resized.avif({ quality: 55, effort: 2 }).toBuffer()
            : await resized.webp({ quality: 80 }).toBuffer();
        renditions.push({ format, width: w, height: h, bytes, hash: hashOf(bytes) });
      }
    }
    renditions.push(...(await emailJpegs(from, width, height)));
    const tiny = await from()
      .resize({ width: 16, height: Math.max(1, Math.round((16 * height) / width)), fit: "fill" })
      .blur(0.6)
      .webp({ quality: 40 })
      .toBuffer();
    return { renditions, placeholder: `data:image/webp;base64,${tiny.toString("base64")}` };
  });
}

/** The e-mails' JPEGs (X-PHOTO-3), on white: a transparent PNG's background would turn black. */
async function emailJpegs(from: () => Sharp, width: number, height: number): Promise<Rendition[]> {
  const jpegs: Rendition[] = [];
  for (const w of renditionWidths(width, EMAIL_RENDITION_WIDTHS)) {
    const h = Math.max(1, Math.round((w * height) / width));
    const bytes = await from()
      .resize({ width: w, height: h, fit: "fill" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    jpegs.push({ format: "jpeg", width: w, height: h, bytes, hash: hashOf(bytes) });
  }
  return jpegs;
}

/**
 * Only the e-mails' JPEGs of a master (X-SAFE-3's backfill: photos uploaded before they
 * existed), as the shop's background work: after every owner's and visitor's photo.
 */
export async function makeEmailRenditions(
  master: Buffer,
  width: number,
  height: number,
): Promise<Rendition[]> {
  return imageWork(BACKGROUND_WORK, (width * height) / 1_000_000, async () => {
    const largest = Math.max(...renditionWidths(width, EMAIL_RENDITION_WIDTHS));
    const base = await sharp(master, { limitInputPixels: PRODUCT_PHOTO_LIMITS.pixels })
      .timeout({ seconds: IMAGE_WORK_LIMITS.ownerDecodeSeconds })
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { info } = base;
    return emailJpegs(
      () =>
        sharp(base.data, {
          raw: { width: info.width, height: info.height, channels: info.channels },
        }),
      width,
      height,
    );
  });
}
