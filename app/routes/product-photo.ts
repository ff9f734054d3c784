import { serveRendition } from "~/catalogue/photos/serve.server";
import { dbFrom } from "~/db/context.server";
import type { Route } from "./+types/product-photo";

/** GET /photos/:photoId/:file: a product photo's rendition, immutable (X-PHOTO-2). */
export function loader({ params, context }: Route.LoaderArgs) {
  return serveRendition(dbFrom(context), params.photoId, params.file);
}
