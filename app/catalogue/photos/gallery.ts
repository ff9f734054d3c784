import { emailPngOf } from "../art/pictures";
import type { PhotoSource, Product, ProductPhoto } from "../types";

/**
 * The product's photos for a chosen colour (X-PHOTO-3): that colour's first, then the rest, each
 * group in the owner's order. No colour chosen: the owner's order.
 */
export function photosFor(product: Product, color?: string): readonly ProductPhoto[] {
  const photos = product.photos ?? [];
  if (!color) return photos;
  const wanted = color.toLowerCase();
  const first = photos.filter((photo) => photo.color?.toLowerCase() === wanted);
  return first.length ? [...first, ...photos.filter((photo) => !first.includes(photo))] : photos;
}

/** The narrowest file at least `width` wide, else the widest there is. */
export function sourceAtLeast(
  sources: readonly PhotoSource[],
  width: number,
): PhotoSource | undefined {
  return sources.find((source) => source.width >= width) ?? sources[sources.length - 1];
}

/** The link preview (Open Graph) of a product with photos: its first, about 1200 px wide. */
export function previewPhotoOf(product: Product): PhotoSource | undefined {
  const photo = product.photos?.[0];
  return photo ? sourceAtLeast(photo.webp, 1200) : undefined;
}

export const srcSetOf = (sources: readonly PhotoSource[]) =>
  sources.map((source) => `${source.url} ${source.width}w`).join(", ");

/**
 * The photo of an order or cart line (X-PHOTO-3): the product's first photo of the line's
 * colour, else its first photo; none (show the drawing) when it has no photos.
 */
export function linePhotoOf(product: Product, color?: string | null): ProductPhoto | undefined {
  const photos = product.photos ?? [];
  const wanted = color?.toLowerCase();
  return (wanted && photos.find((photo) => photo.color?.toLowerCase() === wanted)) || photos[0];
}

/** A picture in an e-mail: an absolute address, its shown size and its alt text. */
export interface EmailPicture {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A line's picture in an e-mail (X-PHOTO-3), `width` CSS pixels wide: the line's photo as a JPEG
 * twice that wide (sharp on high-density screens; mail clients may show neither WebP nor AVIF),
 * else the drawing as its small PNG (mail clients block SVG). Absolute: a mail client has no page to
 * resolve against.
 */
export function emailPictureOf(
  product: Product,
  color: string | null | undefined,
  origin: string,
  width = 80,
): EmailPicture | undefined {
  const photo = linePhotoOf(product, color);
  const jpeg = photo?.jpeg && sourceAtLeast(photo.jpeg, width * 2);
  if (photo && jpeg) {
    return {
      src: new URL(jpeg.url, origin).toString(),
      width,
      height: Math.max(1, Math.round((width * photo.height) / photo.width)),
      alt: photo.alt,
    };
  }
  const drawing = product.images[0];
  if (!drawing) return undefined;
  return {
    src: new URL(emailPngOf(drawing.src), origin).toString(),
    width,
    height: width,
    alt: drawing.alt,
  };
}
