import { preload } from "react-dom";
import { sourceAtLeast, srcSetOf } from "../photos/gallery";
import type { ProductPhoto as ProductPhotoData } from "../types";
import type { PictureLoading } from "./ProductImage";

/**
 * The owner's photo of a product (X-PHOTO-3): a `<picture>` with an AVIF `<source>` and a WebP
 * `<img>`, both with every width and the slot's `sizes`, so the browser fetches the smallest file
 * that fills the slot; `width` and `height` hold its place (no layout shift) and the tiny blurred
 * placeholder shows behind it while it loads. "lcp": fetched first at high priority and preloaded
 * from the head (React does not preload an image inside `<picture>` itself); "lazy" otherwise.
 */
export function ProductPhoto({
  photo,
  sizes,
  loading = "lazy",
  alt = photo.alt,
  className = "",
}: {
  photo: ProductPhotoData;
  /** The slot's width, as `sizes` says it. */
  sizes: string;
  loading?: PictureLoading;
  /** Empty where the photo repeats what is said beside it (a thumbnail button). */
  alt?: string;
  className?: string;
}) {
  const avif = srcSetOf(photo.avif);
  const fallback = sourceAtLeast(photo.webp, 640);
  if (loading === "lcp" && avif) {
    preload(fallback?.url ?? "", {
      as: "image",
      type: "image/avif",
      imageSrcSet: avif,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      <img
        src={fallback?.url}
        srcSet={srcSetOf(photo.webp)}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={loading === "lazy" ? "lazy" : "eager"}
        fetchPriority={loading === "lcp" ? "high" : undefined}
        decoding={loading === "lcp" ? undefined : "async"}
        style={
          photo.placeholder
            ? { backgroundImage: `url(${photo.placeholder})`, backgroundSize: "cover" }
            : undefined
        }
        className={`size-full object-cover ${className}`}
      />
    </picture>
  );
}
