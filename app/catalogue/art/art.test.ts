import { describe, expect, it } from "vitest";
import type { Product } from "~/catalogue";
import { PRODUCTS, seeded as findProduct } from "~/catalogue/seed/catalogue";
import { drawProductImage } from "./index";
import { escapeXml } from "./svg";

function product(id: string): Product {
  const found = findProduct(id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
}

/** Checks that tags open and close in order (a light well-formedness check). */
function unbalancedTag(svg: string): string | null {
  const stack: string[] = [];
  const body = svg.replace(/<title>[\s\S]*?<\/title>/, "<title/>");
  for (const match of body.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) stack.push(name!);
    else if (stack.pop() !== name) return name!;
  }
  return stack.length ? stack[stack.length - 1]! : null;
}

const ALL = PRODUCTS.flatMap((p) => p.images.map((image) => ({ product: p, image })));

describe("drawProductImage", () => {
  it.each(ALL.map(({ product: p, image }) => [`${p.id} ${image.view}`, p, image] as const))(
    "S-CAT-4: draws %s as a standalone square SVG titled with its alt text",
    (_label, p, image) => {
      const svg = drawProductImage(p, image.view);
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 1000 1000"');
      expect(svg).toContain('width="1000" height="1000"');
      expect(svg).toContain('role="img"');
      expect(svg).toContain(`<title>${escapeXml(image.alt)}</title>`);
      expect(svg.endsWith("</svg>")).toBe(true);
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toMatch(/<foreignObject/i);
      expect(svg).not.toMatch(/href="http/i);
      // No external references at all: the only URL is the SVG namespace.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")).not.toMatch(/https?:/);
      expect(svg).not.toMatch(/NaN|undefined/);
      expect(unbalancedTag(svg)).toBeNull();
    },
  );

  it("S-CAT-4: uses ids once per document and only refers to ids it defines", () => {
    for (const { product: p, image } of ALL) {
      const svg = drawProductImage(p, image.view);
      const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, `${p.id} ${image.view}`).toBe(ids.length);
      for (const ref of svg.matchAll(/url\(#([^)]+)\)/g)) {
        expect(ids, `${p.id} ${image.view} refers to ${ref[1]}`).toContain(ref[1]);
      }
    }
  });

  it("S-CAT-4: is deterministic", () => {
    for (const { product: p, image } of ALL) {
      expect(drawProductImage(p, image.view)).toBe(drawProductImage(p, image.view));
    }
  });

  it("S-CAT-4: prints the England rashguard with the accent red cross", () => {
    expect(drawProductImage(product("mens-england-no-gi-set"), "front")).toContain("#c8102e");
  });

  it("S-CAT-4: shows the adult belt palette on the adult Ranked Gorilla and the kids' on the kids'", () => {
    const adult = drawProductImage(product("mens-ranked-gorilla-no-gi-set"), "front");
    const kids = drawProductImage(product("kids-ranked-gorilla-no-gi-set"), "front");
    for (const belt of ["#f4f4f2", "#1f4fbf", "#6b2fa3", "#6b3f1d"]) expect(adult).toContain(belt);
    expect(adult).not.toContain("#f2c318");
    for (const belt of ["#8e9196", "#f2c318", "#ee7a1a", "#2e8b3a"]) expect(kids).toContain(belt);
    expect(kids).not.toContain("#1f4fbf");
  });

  it("S-CAT-4: gives each no-gi design its own drawing", () => {
    const fronts = PRODUCTS.filter((p) => p.group === "mens" && p.kind === "no-gi-set").map((p) =>
      drawProductImage(p, "front"),
    );
    expect(fronts).toHaveLength(5);
    expect(new Set(fronts).size).toBe(5);
  });

  it("S-CAT-4: gives every product kind its own front picture", () => {
    const byKind = new Map<string, string>();
    for (const p of PRODUCTS)
      if (!byKind.has(p.kind)) byKind.set(p.kind, drawProductImage(p, "front"));
    const pictures = [...byKind.values()].map((svg) => svg.replace(/<title>.*?<\/title>/, ""));
    expect(new Set(pictures).size).toBe(byKind.size);
  });

  it("draws the views of one product differently", () => {
    for (const p of PRODUCTS) {
      const views = p.images.map((i) =>
        drawProductImage(p, i.view).replace(/<title>.*?<\/title>/, ""),
      );
      expect(new Set(views).size, p.id).toBe(views.length);
    }
  });

  it("pre-turns pictures the catalogue shows rotated, so they look upright on screen", () => {
    const sliders = product("mens-grip-truth-sliders");
    const top = sliders.images.find((i) => i.view === "top");
    expect(top?.rotation).toBe(-90);
    expect(drawProductImage(sliders, "top")).toContain('transform="rotate(90 500 500)"');
    expect(drawProductImage(sliders, "front")).not.toContain("rotate(90 500 500)");
  });

  it("cuts the women's and kids' garments differently from the men's", () => {
    const untitled = (id: string) =>
      drawProductImage(product(id), "front").replace(/<title>.*?<\/title>/, "");
    for (const kind of ["england-no-gi-set", "grip-truth-bjj-gi", "grip-truth-hoodie"]) {
      expect(untitled(`kids-${kind}`)).not.toBe(untitled(`mens-${kind}`));
      expect(untitled(`womens-${kind}`)).not.toBe(untitled(`mens-${kind}`));
    }
  });

  it("names the gi lapel embroidery and the hoodie back slogan", () => {
    expect(drawProductImage(product("mens-grip-truth-bjj-gi"), "detail")).toContain("YOUR NAME");
    const back = drawProductImage(product("mens-grip-truth-hoodie"), "back");
    expect(back).toContain("THE GRIP IS");
    expect(back).toContain("THE TRUTH");
  });
});
