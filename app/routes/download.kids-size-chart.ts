import { renderKidsSizeChartSvg } from "~/content/kids-size-chart-svg";
import { KIDS_SIZE_CHART_FILENAME } from "~/catalogue/size-chart-files";
import { catalogueFrom } from "~/catalogue/store.server";
import type { Route } from "./+types/download.kids-size-chart";

/** GET /downloads/kids-size-chart.svg: the printable kids size chart (S-CAT-3), with the seller's
 *  e-mail from the owner's settings (X-OWN-1). */
export async function loader({ context }: Route.LoaderArgs) {
  const { settings } = await catalogueFrom(context);
  return new Response(renderKidsSizeChartSvg(settings.settings.seller.email), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${KIDS_SIZE_CHART_FILENAME}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
