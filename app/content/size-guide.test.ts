import { describe, expect, it } from "vitest";
import { sizeGuideSectionFor } from "./size-guide";

describe("sizeGuideSectionFor", () => {
  it("X-TEAM-2: a team product's size guide is its section of /size-guide", () => {
    expect(sizeGuideSectionFor("GI", "Gi")?.id).toBe("mens");
    expect(sizeGuideSectionFor("WOMENS-NO-GI", "Rashguard")?.id).toBe("womens");
    expect(sizeGuideSectionFor("KIDS-GI", "Gi")?.id).toBe("kids");
    expect(sizeGuideSectionFor("NO-GI", "Shorts")?.id).toBe("shorts");
    expect(sizeGuideSectionFor("MENS-LEISUREWEAR", "Hoodie")?.id).toBe("hoodies");
    expect(sizeGuideSectionFor("ACCESSORIES", "Standard")).toBeUndefined();
  });
  it("X-TEAM-2: a gi shows only the gi chart, no-gi kit only the no-gi chart", () => {
    expect(sizeGuideSectionFor("GI", "Gi")?.charts.map((chart) => chart.id)).toEqual(["mens-gi"]);
    expect(sizeGuideSectionFor("KIDS", "Rashguard")?.charts.map((chart) => chart.id)).toEqual([
      "kids-no-gi",
    ]);
    expect(sizeGuideSectionFor("WOMENS-GI", "Gi")?.charts.map((chart) => chart.id)).toEqual([
      "womens-gi",
    ]);
  });
});
