import { photoJpeg } from "~/catalogue/art/share.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { filesFrom } from "~/storage/files.server";
import type { Route } from "./+types/photo-jpeg";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });

/**
 * GET /images/photos/:photoId.jpg (issue 55): a ready photo of a product on sale as one JPEG up
 * to 1200 px wide, for Google's feed and structured data (which take no AVIF).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const match = /^([0-9a-f-]{36})\.jpg$/.exec(params.file);
  if (!match) return notFound();
  const photoId = match[1]!;
  const shown = (await catalogueFrom(context)).products.some((product) =>
    product.photos?.some((photo) => photo.id === photoId),
  );
  if (!shown) return notFound();
  const picture = await photoJpeg(filesFrom(context), photoId);
  if (!picture) return notFound();
  return new Response(new Uint8Array(picture.bytes), {
    headers: {
      "Content-Type": picture.contentType,
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
