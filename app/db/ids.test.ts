import { describe, expect, it } from "vitest";
import { isUuid, UUID_SOURCE } from "./ids";

describe("row ids", () => {
  it("X-OPS-7 X-OPS-8: takes a database uuid in either case and nothing else", () => {
    expect(isUuid("0b7c2a5e-3f1d-4c8e-9a6b-2d4e6f8a0c1e")).toBe(true);
    expect(isUuid("0B7C2A5E-3F1D-4C8E-9A6B-2D4E6F8A0C1E")).toBe(true);
    for (const bad of [
      "",
      "1",
      "0b7c2a5e-3f1d-4c8e-9a6b-2d4e6f8a0c1",
      "0b7c2a5e3f1d4c8e9a6b2d4e6f8a0c1e",
      "x0b7c2a5e-3f1d-4c8e-9a6b-2d4e6f8a0c1e",
      "' or 1=1 --",
    ]) {
      expect(isUuid(bad), bad).toBe(false);
    }
    expect(
      new RegExp(`^/uploads/${UUID_SOURCE}\\.webp$`).test(
        "/uploads/0b7c2a5e-3f1d-4c8e-9a6b-2d4e6f8a0c1e.webp",
      ),
    ).toBe(true);
  });
});
