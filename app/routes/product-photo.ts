import { filesFrom } from "~/storage/files.server";
import { readRendition } from "~/catalogue/photos/serve.server";
import { fileAnswer, textRefusal } from "~/security/edge.server";
import type { Route } from "./+types/product-photo";

/**
 * GET /photos/:photoId/:file: a product photo's rendition, immutable (X-PHOTO-2): any cache may
 * keep it for a year. A 404, or a 503 while the bucket does not answer, is kept by none.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const rendition = await readRendition(filesFrom(context), params.photoId, params.file);
  if (!rendition.ok) return textRefusal(rendition, { "Cache-Control": "no-store" });
  const { bytes, contentType } = rendition.data;
  return fileAnswer(bytes, contentType, "public, max-age=31536000, immutable");
}
