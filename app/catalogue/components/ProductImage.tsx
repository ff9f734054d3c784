import type { ProductImage as ProductImageData } from "~/catalogue/types";

/**
 * How a picture loads (X-PERF-1/2): "lcp" for the page's largest picture, fetched first at high
 * priority (React also preloads it from the head, `<link rel=preload as=image
 * fetchpriority=high>`); "eager" for the other pictures of the first screen; "lazy" for the rest.
 */
export type PictureLoading = "lcp" | "eager" | "lazy";

/** A product picture turned by its catalogue rotation (S-CAT-4: -90, 90 or 180 degrees). */
export function ProductImage({
  image,
  loading = "lazy",
  className = "",
}: {
  image: ProductImageData;
  loading?: PictureLoading;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={1000}
      height={1000}
      loading={loading === "lazy" ? "lazy" : "eager"}
      fetchPriority={loading === "lcp" ? "high" : undefined}
      decoding={loading === "lcp" ? undefined : "async"}
      style={image.rotation ? { transform: `rotate(${image.rotation}deg)` } : undefined}
      className={`size-full object-cover ${className}`}
    />
  );
}
