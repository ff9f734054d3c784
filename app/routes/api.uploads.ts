import { dbFrom } from "~/db/context.server";
import { uploadPhoto } from "~/reviews/api.server";
import { jsonError } from "~/security/request.server";
import type { Route } from "./+types/api.uploads";

export function loader() {
  return jsonError("Use POST to upload a photo.", 405);
}

export function action({ request, context }: Route.ActionArgs) {
  return uploadPhoto(dbFrom(context), request);
}
