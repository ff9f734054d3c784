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
