import { partsFrom } from "~/flows/parts.server";
import { dbFrom } from "~/db/context.server";
import { servePhoto } from "~/reviews/api.server";
import type { Route } from "./+types/uploads";

/** GET /uploads/:file: a stored review photo (app/reviews/api.server.ts, servePhoto). */
export function loader({ params, context, request }: Route.LoaderArgs) {
  return servePhoto(dbFrom(context), partsFrom(context), params.file, request);
}
