import { catalogueFrom } from "~/catalogue/store.server";
import { drawProductImage } from "~/catalogue/art";
import { EMAIL_PNG_WIDTH, fixedPictureSrc } from "~/catalogue/art/pictures";
import { GARMENT_COLOURS, PAINTED_KINDS } from "~/catalogue/art/palette";
import { drawingKey, drawingPng } from "~/catalogue/art/png.server";
import { dbFrom } from "~/db/context.server";
import { currentOwner } from "~/owners/guard.server";
import type { Route } from "./+types/product-image";

/** Rendered pictures, by "<productId>/<file>"; the drawings are deterministic, so keep them. */
const rendered = new Map<string, string>();

function notFound(): Response {
  return new Response("Not found", { status: 404 });
}

/**
 * GET /images/products/:productId/:view.svg: the fixed address of a product picture, kept for
 * links that outlive a build (stored carts, search engines, old e-mails). A build's pictures are
 * static files at hashed addresses (X-PERF-2): this sends the browser there with a 302 that is
 * not cached, since the next build may move it. Without a build the picture is drawn here.
 * :view.png is the same picture as a PNG for link previews (og:image), drawn once per process;
 * :view-160.png a small one for e-mails.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // Any product the shop has had: an old order's lines show pictures too. A draft's pictures are
  // the owner's preview only: to anyone else its id is unknown (its name is in the SVG's title),
  // and the owner's copy is never kept by a shared cache (X-SEC-18).
  const original = (await catalogueFrom(context)).all.get(params.productId);
  if (!original) return notFound();
  let product = original;
  const draft = product.status === "draft";
  if (draft && !(await currentOwner(request, context))) return notFound();
  const caching = draft ? "private, no-store" : "public, max-age=86400";
  const match = /^([a-z]+)(?:-(\d+))?\.(svg|png)$/.exec(params.file);
  const small = match?.[2];
  if (small && (match?.[3] !== "png" || Number(small) !== EMAIL_PNG_WIDTH)) return notFound();
  const image = match ? product.images.find((i) => i.view === match[1]) : undefined;
  if (!image) return notFound();
  // A colour the product offers and the drawing can paint: drawn here in that colour (X-TRUE-11).
  const asked = new URL(request.url).searchParams.get("colour");
  const colourName = asked
    ? product.options
        .flatMap((o) => o.colors ?? [])
        .find((c) => c.toLowerCase() === asked && GARMENT_COLOURS[c])
    : undefined;
  if (colourName && PAINTED_KINDS.has(product.kind)) {
    product = { ...product, artColor: GARMENT_COLOURS[colourName] };
  }
  const built = image.src;
  if (
    match?.[3] === "svg" &&
    product.artColor === original.artColor &&
    built !== fixedPictureSrc(product.id, image.view)
  ) {
    return new Response(null, {
      status: 302,
      headers: { Location: built, "Cache-Control": draft ? caching : "no-cache" },
    });
  }
  // The drawing follows the product's shape, print and colour, which the owner may change.
  const key = drawingKey(product, image.view);
  const drawn = () => {
    let svg = rendered.get(key);
    if (svg === undefined) {
      svg = drawProductImage(product, image.view);
      rendered.set(key, svg);
    }
    return svg;
  };
  if (match?.[3] === "png") {
    // Made once and stored, in the image queue (X-SEC-18): a burst does not draw it again.
    const db = dbFrom(context);
    const png = small
      ? await drawingPng(db, key, drawn, Number(small))
      : await drawingPng(db, key, drawn);
    return new Response(new Uint8Array(png), {
      headers: {
        "Content-Type": "image/png",
        "Cache-Control": caching,
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  return new Response(drawn(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": caching,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
