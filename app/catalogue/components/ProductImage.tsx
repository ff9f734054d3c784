import type { ProductImage as ProductImageData } from "~/catalogue/types";

/** A product picture turned by its catalogue rotation (S-CAT-4: -90, 90 or 180 degrees). */
export function ProductImage({
  image,
  eager = false,
  className = "",
}: {
  image: ProductImageData;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={1000}
      height={1000}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      style={image.rotation ? { transform: `rotate(${image.rotation}deg)` } : undefined}
      className={`size-full object-cover ${className}`}
    />
  );
}
