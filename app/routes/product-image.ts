import { findProduct } from "~/catalogue";
import { drawProductImage } from "~/catalogue/art";
import { svgToPng } from "~/catalogue/art/png.server";
import type { Route } from "./+types/product-image";

/** Rendered pictures, by "<productId>/<file>"; the drawings are deterministic, so keep them. */
const rendered = new Map<string, string>();

function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/**
 * GET /images/products/:productId/:view.svg: the drawn product picture for one catalogue view;
 * :view.png is the same picture as a PNG, for link previews.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const product = findProduct(params.productId);
  if (!product) return notFound();
  const match = /^([a-z]+)\.(svg|png)$/.exec(params.file);
  const image = match ? product.images.find((i) => i.view === match[1]) : undefined;
  if (!image) return notFound();
  const key = `${product.id}/${image.view}`;
  let svg = rendered.get(key);
  if (svg === undefined) {
    svg = drawProductImage(product, image.view);
    rendered.set(key, svg);
  }
  if (match?.[2] === "png") {
    const png = await svgToPng(key, svg);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": "public, max-age=86400",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
