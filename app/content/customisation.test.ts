import { describe, expect, it } from "vitest";
import { seeded as findProduct } from "~/catalogue/seed/catalogue";
import {
  CUSTOMISATION_DESIGN_IDS,
  CUSTOMISATION_FACTS,
  CUSTOMISATION_STEPS,
  PARTNERS,
  TESTIMONIALS,
  designImageSrc,
} from "./customisation";
import { POLICY } from "~/policy/policy";

describe("customisation content", () => {
  it("S-INFO-1: shows five designs, each a product of the catalogue", () => {
    expect(CUSTOMISATION_DESIGN_IDS).toHaveLength(5);
    for (const id of CUSTOMISATION_DESIGN_IDS) expect(findProduct(id)).toBeDefined();
  });

  it("S-INFO-1: design pictures are the products' front views", () => {
    expect(designImageSrc("mens-england-no-gi-set")).toBe(
      "/images/products/mens-england-no-gi-set/front.svg",
    );
    for (const id of CUSTOMISATION_DESIGN_IDS) {
      expect(findProduct(id)?.images.map((i) => i.src)).toContain(designImageSrc(id));
    }
  });

  it("S-INFO-1: two testimonials, each from a partner academy", () => {
    expect(TESTIMONIALS).toHaveLength(2);
    const partnerNames = PARTNERS.map((p) => p.name);
    for (const t of TESTIMONIALS) {
      expect(partnerNames).toContain(t.academy);
      expect(t.name.trim()).not.toBe("");
    }
  });

  it("S-INFO-1: partner logos have unique ids", () => {
    expect(PARTNERS.length).toBeGreaterThanOrEqual(3);
    expect(new Set(PARTNERS.map((p) => p.id)).size).toBe(PARTNERS.length);
  });

  it("S-INFO-1: quotes the 3-6 week lead time and the 24-48 hour reply", () => {
    const text = [
      ...CUSTOMISATION_STEPS.map((s) => s.text),
      ...CUSTOMISATION_FACTS.map((f) => f.value),
    ].join(" ");
    expect(POLICY.madeToOrder).toBe("3-6 weeks");
    expect(text).toContain("3-6 weeks");
    expect(text).toContain("24-48 hours");
  });
});
