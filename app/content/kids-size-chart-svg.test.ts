// @vitest-environment jsdom
import { describe, expect, it, vi } from "vitest";
import { KIDS_GI_SIZES, KIDS_NO_GI_SIZES } from "~/catalogue/sizes";
import { BRAND } from "~/shared/brand";
import { loader } from "~/routes/download.kids-size-chart";
import { escapeXml, renderKidsSizeChartSvg } from "./kids-size-chart-svg";
import { KIDS_GI_CHART, KIDS_NO_GI_CHART } from "~/catalogue/size-charts";

// X-OWN-1: the chart names the seller's e-mail from the owner's settings.
vi.mock("~/catalogue/store.server", () => ({
  catalogueFrom: async () => ({
    settings: { settings: { seller: { email: "shop@matworks.example" } } },
  }),
}));

const svg = renderKidsSizeChartSvg("shop@matworks.example");

describe("printable kids size chart", () => {
  it("S-CAT-3: is well-formed SVG", () => {
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.documentElement.nodeName).toBe("svg");
  });

  it("S-CAT-3: shows every kids no-gi and kids gi size with the size guide's numbers", () => {
    for (const size of [...KIDS_NO_GI_SIZES, ...KIDS_GI_SIZES]) expect(svg).toContain(`>${size}<`);
    for (const row of [...KIDS_NO_GI_CHART.rows, ...KIDS_GI_CHART.rows]) {
      for (const cell of row.cells) expect(svg).toContain(`>${escapeXml(cell)}<`);
    }
  });

  it("S-CAT-3: carries the brand and no date", () => {
    expect(svg).toContain(BRAND.name);
    const visibleText = svg.replace(/<[^>]+>/g, " ");
    expect(visibleText).not.toMatch(/\b(19|20)\d\d\b/);
  });

  it("S-CAT-3: escapes text for XML", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
  });

  it("S-CAT-3, X-OWN-1: is served as a download with safe headers and the settings' e-mail", async () => {
    const response = await loader({ context: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="grip-truth-kids-size-chart.svg"',
    );
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(await response.text()).toBe(svg);
    expect(svg).toContain("shop@matworks.example");
  });
});
