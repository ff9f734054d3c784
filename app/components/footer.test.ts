import { describe, expect, it } from "vitest";
import { reviewCountText } from "./SiteFooter";

describe("S-GLB-7: footer review count", () => {
  it("is singular for one and plural otherwise", () => {
    expect(reviewCountText(0)).toBe("0 verified reviews");
    expect(reviewCountText(1)).toBe("1 verified review");
    expect(reviewCountText(12)).toBe("12 verified reviews");
  });
});
