import type { ImageView, Product } from "../types";
import { GARMENT_COLOURS, PAINTED_KINDS } from "./palette";

/**
 * Where a product picture is served from (X-PERF-2).
 *
 * A production build draws every picture once (app/catalogue/art/pictures.vite.ts) into
 * build/client/assets/pictures/<set>/<product>/<view>.svg, served immutable for a year by the
 * server's /assets handler. <set> is a hash of every drawing in the build: a drawing that changes
 * gives every picture a new address, one that does not keeps browsers' caches across deploys. The
 * build sets it here; without a build (development, unit tests) pictures are drawn on request at
 * their fixed addresses instead.
 *
 * The pictures stay SVG: the drawings weigh 1.3-2.5 KB compressed, where a WebP of the same
 * drawing is 4-9 KB at 400 px and 10-29 KB at 800 px (measured on the catalogue), and a vector
 * fills any slot at any pixel density from one file, so srcset/sizes would only add bytes.
 */
const PICTURE_SET: string | undefined = import.meta.env.PRODUCT_PICTURE_SET;

/** The fixed address of a picture, drawn on request: for links that outlive a build. */
export function fixedPictureSrc(productId: string, view: ImageView): string {
  return `/images/products/${productId}/${view}.svg`;
}

/** The build's picture of one view, at its hashed immutable address (fixed in development). */
export function pictureSrc(productId: string, view: ImageView): string {
  return PICTURE_SET
    ? `/assets/pictures/${PICTURE_SET}/${productId}/${view}.svg`
    : fixedPictureSrc(productId, view);
}

/**
 * The picture of one view in a chosen colour (X-TRUE-11), drawn on request: the build's static
 * pictures are in the product's own colour only. `colour` is the choice as the product names it.
 */
export function colourPictureSrc(productId: string, view: ImageView, colour: string): string {
  return `${fixedPictureSrc(productId, view)}?colour=${encodeURIComponent(colour.toLowerCase())}`;
}

/**
 * The first picture of a line in its colour when the product's own drawing is another colour
 * (a black hoodie whose drawing is grey), else undefined: the product's pictures serve.
 */
export function lineDrawingSrc(
  product: Pick<Product, "id" | "kind" | "artColor" | "images">,
  colour: string | undefined,
): string | undefined {
  const paint = colour ? GARMENT_COLOURS[colour] : undefined;
  const view = product.images[0]?.view;
  if (!paint || !view || !PAINTED_KINDS.has(product.kind) || paint === product.artColor) {
    return undefined;
  }
  return colourPictureSrc(product.id, view, colour!);
}

const FIXED_SRC = /^\/images\/products\/([a-z0-9-]+)\/([a-z]+)\.svg$/;
const BUILT_SRC = /^\/assets\/pictures\/[\w-]+\/([a-z0-9-]+)\/([a-z]+)\.svg$/;

/** The fixed address of a picture given either of its addresses, for links kept outside a page. */
export function fixedSrcOf(src: string): string {
  const match = BUILT_SRC.exec(src);
  return match ? fixedPictureSrc(match[1]!, match[2] as ImageView) : src;
}

/** The link-preview (og:image) PNG of a picture, drawn on request at a fixed address. */
export function previewPngOf(src: string): string {
  return fixedSrcOf(src).replace(/\.svg$/, ".png");
}

/** Width of the small PNG of a drawing that e-mails show (twice an 80 px cell). */
export const EMAIL_PNG_WIDTH = 160;

/**
 * The small PNG of a picture for e-mails (mail clients block SVG), drawn on request at a fixed
 * address: the link-preview PNG is 1200 px and about half a megabyte.
 */
export function emailPngOf(src: string): string {
  return fixedSrcOf(src).replace(/\.svg$/, `-${EMAIL_PNG_WIDTH}.png`);
}

/**
 * A stored picture address (a cart kept in the browser holds the fixed one) as this build
 * serves it, so a stored cart shows its pictures without a redirect.
 */
export function currentPictureSrc(src: string): string {
  const match = FIXED_SRC.exec(src);
  return match ? pictureSrc(match[1]!, match[2] as ImageView) : src;
}

/** A product's link preview (og:image, issue 55): 1200 × 630, JPEG from a photo, else PNG. */
export function sharePicturePath(productId: string, photographed: boolean): string {
  return `/images/share/${productId}.${photographed ? "jpg" : "png"}`;
}
