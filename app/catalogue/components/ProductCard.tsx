import { useState } from "react";
import { Link } from "react-router";
import { CATEGORY_LABELS } from "~/catalogue";
import type { Product } from "~/catalogue/types";
import { Price } from "~/pricing/Price";
import { fromPricePence, pricesDiffer } from "../catalogue";
import { ProductImage, type PictureLoading } from "./ProductImage";
import { ProductPhoto } from "./ProductPhoto";

/** A card's picture slot: a third of the grid from 1024 px, half from 640 px, else the width. */
const CARD_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";
const LIST_SIZES = "(min-width: 640px) 192px, 128px";

/** A product card (S-CAT-4): pictures with carousel dots, category, name, price, was-price. */
export function ProductCard({
  product,
  loading = "lazy",
  action,
  layout = "grid",
}: {
  product: Product;
  loading?: PictureLoading;
  /** A control under the price (Add to Cart on the accessories page). */
  action?: React.ReactNode;
  layout?: "grid" | "list";
}) {
  const list = layout === "list";
  const [index, setIndex] = useState(0);
  // The owner's photos when there are any (X-PHOTO-3), else the drawings.
  const photos = product.photos ?? [];
  const count = photos.length || product.images.length;
  const photo = photos[index];
  const image = photos.length ? undefined : product.images[index];
  const href = `/product/${product.id}`;

  return (
    <article
      className={`group relative flex overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-black/5 transition hover:shadow-lg ${list ? "flex-row" : "flex-col"}`}
    >
      <div
        className={`relative aspect-square shrink-0 overflow-hidden bg-stone ${list ? "w-32 sm:w-48" : ""}`}
      >
        {photo ? (
          <ProductPhoto
            photo={photo}
            sizes={list ? LIST_SIZES : CARD_SIZES}
            loading={index === 0 ? loading : "lazy"}
            className="transition duration-300 group-hover:scale-[1.03]"
          />
        ) : image ? (
          <ProductImage
            image={image}
            loading={loading}
            className="transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-muted">No Images Yet</div>
        )}
        {product.originalPricePence ? (
          <span className="absolute top-3 left-3 rounded bg-accent px-2 py-1 text-xs font-bold tracking-wider text-white uppercase">
            Sale
          </span>
        ) : null}
        {count > 1 && !list ? (
          <div
            className="absolute inset-x-0 bottom-2 z-10 flex justify-center gap-1"
            role="group"
            aria-label={`Pictures of ${product.name}`}
          >
            {Array.from({ length: count }, (_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Show picture ${i + 1} of ${count}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className="flex size-6 items-center justify-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={`block size-2.5 rounded-full ring-1 ring-ink/40 ${i === index ? "bg-ink" : "bg-white"}`}
                />
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <div className={`flex flex-1 flex-col gap-1 p-4 ${list ? "sm:p-6" : ""}`}>
        <p className="text-xs font-semibold tracking-widest text-muted uppercase">
          {product.accessoryCategory ?? CATEGORY_LABELS[product.category]}
        </p>
        <h3 className="font-display text-lg leading-tight font-semibold uppercase">
          {/* The stretched link makes the whole card clickable; the dots sit above it. Its focus
              ring is drawn on the ::after that covers the card (`focus-visible:after:`, in that
              order: `after:focus-visible:` compiles to `::after:focus-visible`, which never
              matches), inset so the card's overflow-hidden does not clip it (X-A11Y-1). */}
          {/* Issue 38 (X-PF-4): the product page's code and data are fetched on intent (a
              pointer over the card, a touch, the keyboard's focus), so the tap shows it sooner. */}
          <Link
            to={href}
            prefetch="intent"
            className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:-outline-offset-3 focus-visible:after:outline-accent"
          >
            {product.name}
          </Link>
        </h3>
        {list ? (
          <p className="line-clamp-2 text-sm text-muted max-sm:hidden">{product.description}</p>
        ) : null}
        <Price
          pence={pricesDiffer(product) ? fromPricePence(product) : product.pricePence}
          wasPence={product.originalPricePence}
          from={pricesDiffer(product)}
          className="mt-auto pt-2"
        />
        {action}
      </div>
    </article>
  );
}
