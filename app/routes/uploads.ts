import { partsFrom } from "~/flows/parts.server";
import { dbFrom } from "~/db/context.server";
import { reviewPhoto } from "~/reviews/api.server";
import { fileAnswer, textRefusal } from "~/security/edge.server";
import type { Route } from "./+types/uploads";

/**
 * GET /uploads/:file: a stored review photo (app/reviews/api.server.ts, reviewPhoto). A photo not
 * yet on a review is never kept by a cache (X-SEC-6).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const photo = await reviewPhoto(dbFrom(context), partsFrom(context), params.file, request);
  if (!photo.ok) return textRefusal(photo);
  const { bytes, attached } = photo.data;
  return fileAnswer(
    bytes,
    "image/webp",
    attached ? "public, max-age=31536000, immutable" : "private, no-store",
  );
}
