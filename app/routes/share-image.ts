import { findProduct } from "~/catalogue/catalogue";
import { sharePicture } from "~/catalogue/art/share.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { dbFrom } from "~/db/context.server";
import { filesFrom } from "~/storage/files.server";
import type { Route } from "./+types/share-image";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * GET /images/share/:productId.jpg or .png (issue 55): a product's link preview (og:image,
 * twitter:image), 1200 × 630: its first photo as a JPEG, else its drawing as a PNG. Only for a
 * product on sale; the extension must be the one the product has.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]{1,100})\.(jpg|png)$/.exec(params.file);
  if (!match) return notFound();
  const product = findProduct(await catalogueFrom(context), match[1]!);
  if (!product) return notFound();
  const picture = await sharePicture(dbFrom(context), filesFrom(context), product);
  if (!picture || (picture.contentType === "image/jpeg") !== (match[2] === "jpg"))
    return notFound();
  return new Response(new Uint8Array(picture.bytes), {
    headers: {
      "Content-Type": picture.contentType,
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
