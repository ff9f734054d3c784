import { ProblemError } from "~/shared/problems";
import type { FileStore } from "~/storage/files.server";
import { renditionKey } from "./urls";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * GET /photos/:photoId/:file: a rendition of a product photo (X-PHOTO-2). Its name carries a
 * hash of its bytes, so the answer never changes and any cache may keep it for a year; any name
 * the shop did not give is 404 (no path traversal, no master, nothing else in the store).
 */
export async function serveRendition(
  files: FileStore,
  photoId: string,
  file: string,
): Promise<Response> {
  const key = renditionKey(photoId, file);
  if (!key) return notFound();
  let stored;
  try {
    stored = await files.get(key);
  } catch (error) {
    // The bucket does not answer: a 503 the browser and any cache try again later (the page
    // around the photo is served as ever; the <img> shows its alt text meanwhile).
    if (!(error instanceof ProblemError)) throw error;
    return new Response(error.message, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(error.problem.retryAfter ? { "Retry-After": String(error.problem.retryAfter) } : {}),
      },
    });
  }
  if (!stored) return notFound();
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
