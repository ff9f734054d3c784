/** The photo formats a review may carry (X-REV-3). */
export type ImageType = "jpeg" | "png" | "webp" | "gif";

export const ACCEPTED_IMAGE_MIME = "image/jpeg,image/png,image/webp,image/gif";

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/**
 * Recognises a photo by its first bytes, never by its name or declared type (X-REV-3): a file
 * called photo.png that holds HTML or SVG is not an image here.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  return null;
}
