import { describe, expect, it } from "vitest";

describe("fitLetteringForRaster", () => {
  it("sets lettering with a fixed width smaller and leaves other text alone", async () => {
    const { fitLetteringForRaster } = await import("./png.server");
    const svg =
      '<svg><text font-size="60" textLength="270">BORO</text><text font-size="20">free</text></svg>';
    expect(fitLetteringForRaster(svg)).toBe(
      '<svg><text font-size="46.8" textLength="270">BORO</text><text font-size="20">free</text></svg>',
    );
  });
});
