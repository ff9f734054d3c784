import { canonicalOrigin } from "~/security/origin.server";
import { sitemapXml } from "~/seo/sitemap";
import type { Route } from "./+types/sitemap";

export function loader({ request }: Route.LoaderArgs) {
  return new Response(sitemapXml(canonicalOrigin(request)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
