import { describe, expect, it } from "vitest";
import { londonYear } from "~/shared/london-time";
import { copyrightNotice, reviewCountText } from "./SiteFooter";

describe("S-GLB-7: footer review count", () => {
  it("is singular for one and plural otherwise", () => {
    expect(reviewCountText(0)).toBe("0 verified reviews");
    expect(reviewCountText(1)).toBe("1 verified review");
    expect(reviewCountText(12)).toBe("12 verified reviews");
  });
});

describe("X-TRUE-8: the footer's copyright year", () => {
  it("is the year of the shop's clock in London, not one written in the code", () => {
    expect(copyrightNotice(londonYear(new Date("2031-06-01T12:00:00Z")))).toBe(
      "© 2031 GRIP TRUTH. All rights reserved. Prices in GBP.",
    );
    // New Year's Eve 23:30 UTC is still the old year in London (GMT), 00:30 UTC is the new one.
    expect(londonYear(new Date("2026-12-31T23:30:00Z"))).toBe(2026);
    expect(londonYear(new Date("2027-01-01T00:30:00Z"))).toBe(2027);
  });
});
