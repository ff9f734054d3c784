import { useState } from "react";
import { photosFor } from "~/catalogue/photos/gallery";
import type { Product } from "~/catalogue/types";
import { ProductImage } from "./ProductImage";
import { ProductPhoto } from "./ProductPhoto";

/**
 * The main picture's slot, as the product page lays it out (max-w-7xl, px-4, two columns with a
 * 40 px gap from 1024 px): the left half from 1024 px, the width less the page's padding below.
 * Exact, not 100vw: a 390 px phone at 2.625 dppx then takes the 960 px file, not the 1280 px one
 * (a third of the bytes of the LCP picture over a slow link; scripts/throttled-loads.mjs).
 */
const MAIN_SIZES =
  "(min-width: 1280px) 604px, (min-width: 1024px) calc(50vw - 36px), calc(100vw - 32px)";
const THUMB_SIZES = "(min-width: 1280px) 140px, (min-width: 1024px) 12vw, 25vw";

/**
 * The product page gallery (S-PDP-1): a large picture and selectable thumbnails. The owner's
 * photos when there are any, the chosen colour's first (X-PHOTO-3); else the drawings.
 */
export function ProductGallery({ product, color }: { product: Product; color?: string }) {
  const [index, setIndex] = useState(0);
  const photos = photosFor(product, color);
  const items = photos.length
    ? photos.map((photo) => ({ key: photo.id, alt: photo.alt, photo, image: undefined }))
    : product.images.map((image) => ({ key: image.src, alt: image.alt, photo: undefined, image }));
  // A new colour shows its first photo.
  const [shownColor, setShownColor] = useState(color);
  if (shownColor !== color) {
    setShownColor(color);
    setIndex(0);
  }
  const current = items[index] ?? items[0];
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
        {current.photo ? (
          <ProductPhoto
            key={current.key}
            photo={current.photo}
            sizes={MAIN_SIZES}
            loading={current === items[0] ? "lcp" : "eager"}
          />
        ) : (
          <ProductImage image={current.image} loading="lcp" />
        )}
      </div>
      {items.length > 1 ? (
        <ul className="grid grid-cols-4 gap-3" aria-label="Choose a picture">
          {items.map((item, i) => (
            <li key={item.key}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-pressed={item === current}
                aria-label={`Show picture ${i + 1}: ${item.alt}`}
                className={`block aspect-square w-full overflow-hidden rounded-md bg-stone ring-2 transition ${
                  item === current ? "ring-ink" : "ring-transparent hover:ring-ink/30"
                }`}
              >
                {item.photo ? (
                  <ProductPhoto photo={item.photo} sizes={THUMB_SIZES} alt="" />
                ) : (
                  <ProductImage image={{ ...item.image, alt: "" }} />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
