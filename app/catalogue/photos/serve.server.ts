import { done, problem, ProblemError, type Result } from "~/shared/problems";
import type { FileStore } from "~/storage/files.server";
import { renditionKey } from "./urls";

/**
 * GET /photos/:photoId/:file: a rendition of a product photo (X-PHOTO-2). Its name carries a
 * hash of its bytes, so it never changes; any name the shop did not give is not found (no path
 * traversal, no master, nothing else in the store).
 */
export async function readRendition(
  files: FileStore,
  photoId: string,
  file: string,
): Promise<Result<{ bytes: Uint8Array; contentType: string }>> {
  const key = renditionKey(photoId, file);
  if (!key) return problem("not_found", "Not found");
  let stored;
  try {
    stored = await files.get(key);
  } catch (error) {
    // The bucket does not answer: unavailable for now, to be tried again later (the page around
    // the photo is served as ever; the <img> shows its alt text meanwhile).
    if (!(error instanceof ProblemError)) throw error;
    return problem("unavailable", error.message, { retryAfter: error.problem.retryAfter });
  }
  if (!stored) return problem("not_found", "Not found");
  return done({ bytes: stored.bytes, contentType: stored.contentType });
}
