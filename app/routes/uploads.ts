import { dbFrom } from "~/db/context.server";
import { readPhoto } from "~/reviews/photos.server";
import type { Route } from "./+types/uploads";

/** GET /uploads/:file: a stored review photo; any other name is 404 (no path traversal).
 *  the HTTP edge (app/server/http.server.ts) sends nosniff on every answer, so it is not repeated here (X-SEC-7). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const photo = await readPhoto(dbFrom(context), params.file);
  if (!photo) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
