import { describe, expect, it } from "vitest";
import {
  createSchema,
  defaultKind,
  firstProblem,
  penceToPounds,
  poundsToPence,
} from "./product-input";

describe("the owner's product input", () => {
  it("X-CAT-4: pounds as typed become pence, and back", () => {
    expect(poundsToPence("34.99")).toBe(3499);
    expect(poundsToPence("£5")).toBe(500);
    expect(poundsToPence("4.5")).toBe(450);
    expect(poundsToPence("")).toBeUndefined();
    for (const bad of ["-1", "1.999", "12,50", "lots", "1e3"])
      expect(poundsToPence(bad)).toBeNull();
    expect(penceToPounds(3499)).toBe("34.99");
    expect(penceToPounds(null)).toBe("");
  });

  it("X-CAT-2: a new product gets the drawing of its category", () => {
    expect(defaultKind("GI")).toBe("gi");
    expect(defaultKind("KIDS-GI")).toBe("gi");
    expect(defaultKind("NO-GI")).toBe("no-gi-set");
    expect(defaultKind("WOMENS-NO-GI")).toBe("no-gi-set");
    expect(defaultKind("MENS-LEISUREWEAR")).toBe("hoodie");
    expect(defaultKind("KIDS-MUAY-THAI")).toBe("thai-shorts");
    expect(defaultKind("ACCESSORIES")).toBe("gym-bag");
  });

  it("X-CAT-2: a problem in an option names the option", () => {
    const parsed = createSchema.safeParse({
      id: "x",
      name: "X",
      category: "GI",
      description: "d",
      options: [{ type: "Gi", pricePence: 100, sizes: ["A1", "A1"] }],
    });
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(firstProblem(parsed.error)).toBe("Option 1: The sizes must not repeat.");
  });
});
