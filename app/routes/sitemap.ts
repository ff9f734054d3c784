import { settingsFrom } from "~/db/context.server";
import { catalogueFrom } from "~/catalogue/store.server";
import { canonicalOrigin } from "~/security/origin.server";
import { sitemapXml } from "~/seo/sitemap";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { products } = await catalogueFrom(context);
  return new Response(sitemapXml(canonicalOrigin(settingsFrom(context), request), products), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
