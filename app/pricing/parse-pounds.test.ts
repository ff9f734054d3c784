import { describe, expect, it } from "vitest";
import { parsePoundsToPence } from "./parse-pounds";

describe("X-OPS-4: refund amounts typed in pounds", () => {
  it("X-OPS-4: reads pounds and pence exactly", () => {
    expect(parsePoundsToPence("12.5")).toBe(1250);
    expect(parsePoundsToPence("£12.50")).toBe(1250);
    expect(parsePoundsToPence("0.29")).toBe(29);
    expect(parsePoundsToPence("1,234.56")).toBe(123456);
    expect(parsePoundsToPence("84")).toBe(8400);
  });
  it("X-OPS-4: refuses anything else", () => {
    for (const bad of ["", "abc", "-1", "1.234", "1e3", "12.50.1"]) {
      expect(parsePoundsToPence(bad)).toBeUndefined();
    }
  });
});
