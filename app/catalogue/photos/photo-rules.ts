import { PRODUCT_PHOTO_LIMITS } from "~/shared/limits";

/** The owner's product photos (issue 22, X-PHOTO-1): what is accepted, and the sentences. */

export const PHOTO_MESSAGES = {
  altRequired: "Describe the photo for customers who cannot see it.",
  altTooLong: `The description can be at most ${PRODUCT_PHOTO_LIMITS.alt} characters.`,
  noFile: "Choose a photo to upload (the field `file`).",
  empty: "The photo is empty.",
  notImage: "Only JPEG, PNG, WebP or AVIF photos can be added.",
  heic:
    "HEIC photos cannot be read here. Please send it as a JPEG (on an iPhone: Settings, " +
    "Camera, Formats, Most Compatible).",
  tooLarge: `Photos can be at most ${PRODUCT_PHOTO_LIMITS.bytes / 1024 / 1024} MB.`,
  tooManyPixels: `Photos can be at most ${PRODUCT_PHOTO_LIMITS.pixels / 1_000_000} megapixels.`,
  unreadable:
    "The photo could not be read: it may be cut short or damaged. Please try another one.",
  tooMany: `A product can have at most ${PRODUCT_PHOTO_LIMITS.perProduct} photos. Delete one to add another.`,
  badOrder: "The order must list each of this product's photos once.",
  noPhoto: "That photo is not one of this product's.",
} as const;

export type PhotoFormat = "jpeg" | "png" | "webp" | "avif" | "heic";

/** What the file input offers (the server checks the content, never this). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif";

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * The photo's format from its first bytes, never from its name or declared type: JPEG, PNG,
 * WebP, or an ISO-BMFF image (AVIF, or HEIC from a phone). Null for anything else.
 */
export function sniffPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("ftyp"), 4) && bytes.length >= 12) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (AVIF_BRANDS.has(brand)) return "avif";
    // mif1/msf1 files name their real kind among the compatible brands that follow.
    const compatible = String.fromCharCode(...bytes.subarray(16, Math.min(bytes.length, 64)));
    if (brand === "mif1" || brand === "msf1") {
      if (/avif|avis/.test(compatible)) return "avif";
      if (/hei[cmsx]|hev[cx]/.test(compatible)) return "heic";
    }
    if (HEIC_BRANDS.has(brand)) return "heic";
  }
  return null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The alt text: required, trimmed, at most 300 characters. */
export function checkAlt(value: unknown): Checked<string> {
  const alt = typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
  if (!alt) return { ok: false, error: PHOTO_MESSAGES.altRequired };
  if (alt.length > PRODUCT_PHOTO_LIMITS.alt) return { ok: false, error: PHOTO_MESSAGES.altTooLong };
  return { ok: true, value: alt };
}

/**
 * A colour tag: empty or absent for every colour, else one of the product's colours (as the
 * product spells it, whatever the case sent).
 */
export function checkColor(value: unknown, colors: readonly string[]): Checked<string | null> {
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== "string") return { ok: false, error: colorError(colors) };
  const wanted = value.trim().toLowerCase();
  if (wanted === "") return { ok: true, value: null };
  const found = colors.find((color) => color.toLowerCase() === wanted);
  return found ? { ok: true, value: found } : { ok: false, error: colorError(colors) };
}

function colorError(colors: readonly string[]): string {
  return colors.length
    ? `Tag the photo with one of this product's colours: ${colors.join(", ")}; or leave it empty.`
    : "This product has no colours to tag a photo with; leave the colour empty.";
}

/** Every colour among the product's options, in order, once. */
export function productColors(options: readonly { colors?: readonly string[] }[]): string[] {
  return [...new Set(options.flatMap((option) => option.colors ?? []))];
}

/** Rendition widths (X-PHOTO-2): never above the original's width. */
export const RENDITION_WIDTHS = [320, 640, 960, 1280, 1600] as const;

/**
 * The small JPEG renditions for e-mails (X-PHOTO-3): WebP and AVIF are not safe there (Outlook
 * shows neither), and an e-mail's line picture is small; never above the original's width.
 */
export const EMAIL_RENDITION_WIDTHS = [160, 320] as const;

export function renditionWidths(
  originalWidth: number,
  widths: readonly number[] = RENDITION_WIDTHS,
): number[] {
  const fitting = widths.filter((width) => width <= originalWidth);
  return fitting.length ? fitting : [originalWidth];
}
