import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fontMetrics, OSWALD_FILES } from "../../scripts/font-metrics.mjs";

describe("the display face's metrics (issue 38, scripts/font-metrics.mjs)", () => {
  it("X-PF-1 (issue 38 item 6, no shift when the fonts arrive): Oswald's metrics are read from the WOFF2 files the shop serves", () => {
    for (const file of Object.values(OSWALD_FILES) as string[]) {
      const metrics = fontMetrics(readFileSync(file));
      // Oswald's hhea metrics (Chromium lays lines out with them: no USE_TYPO_METRICS).
      expect(metrics).toMatchObject({ unitsPerEm: 1000, ascent: 1193, descent: 289, lineGap: 0 });
    }
  });
});
