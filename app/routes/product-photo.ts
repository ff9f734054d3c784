import { filesFrom } from "~/storage/files.server";
import { serveRendition } from "~/catalogue/photos/serve.server";
import type { Route } from "./+types/product-photo";

/** GET /photos/:photoId/:file: a product photo's rendition, immutable (X-PHOTO-2). */
export function loader({ params, context }: Route.LoaderArgs) {
  return serveRendition(filesFrom(context), params.photoId, params.file);
}
