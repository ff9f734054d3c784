import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BOTH_WIDTHS, PHONE_ONLY } from "../tests/e2e/widths";

describe("the browser suite's widths (tests/e2e/widths.ts)", () => {
  it("X-ARCH-4 X-ARCH-9: names only spec files that exist, each once, so no spec is dropped or run twice by mistake", () => {
    const specs = readdirSync("tests/e2e")
      .filter((file) => file.endsWith(".spec.ts"))
      .map((file) => file.replace(/\.spec\.ts$/, ""));
    const named = [...BOTH_WIDTHS, ...PHONE_ONLY];
    expect(named.filter((name) => !specs.includes(name))).toEqual([]);
    expect(named.filter((name, i) => named.indexOf(name) !== i)).toEqual([]);
    // Whatever is not named runs at desktop width: every spec runs somewhere.
    expect(specs.length).toBeGreaterThan(named.length);
  });
});
