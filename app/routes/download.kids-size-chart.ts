import { renderKidsSizeChartSvg } from "~/content/kids-size-chart-svg";
import { KIDS_SIZE_CHART_FILENAME } from "~/catalogue/size-charts";

/** GET /downloads/kids-size-chart.svg: the printable kids size chart (S-CAT-3). */
export function loader() {
  return new Response(renderKidsSizeChartSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${KIDS_SIZE_CHART_FILENAME}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
