import { useState } from "react";
import type { Product } from "~/catalogue/types";
import { ProductImage } from "./ProductImage";

/** The product page gallery (S-PDP-1): a large picture and selectable thumbnails. */
export function ProductGallery({ product }: { product: Product }) {
  const [index, setIndex] = useState(0);
  const current = product.images[index];
  if (!current) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-lg bg-stone text-muted">
        No Images Yet
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg bg-stone ring-1 ring-black/5">
        <ProductImage image={current} loading="lcp" />
      </div>
      {product.images.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Choose a picture">
          {product.images.map((image, i) => (
            <li key={image.src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={i === index}
                aria-label={`Show picture ${i + 1}: ${image.alt}`}
                className={`block aspect-square w-full overflow-hidden rounded-md bg-stone ring-2 transition ${
                  i === index ? "ring-ink" : "ring-transparent hover:ring-ink/30"
                }`}
              >
                <ProductImage image={{ ...image, alt: "" }} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
