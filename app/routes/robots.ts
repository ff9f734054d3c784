import { settingsFrom } from "~/db/context.server";
import { canonicalOrigin } from "~/security/origin.server";
import { robotsTxt } from "~/seo/sitemap";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(canonicalOrigin(settingsFrom(context), request)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
