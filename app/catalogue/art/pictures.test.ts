import { afterEach, describe, expect, it, vi } from "vitest";
import { PRODUCTS } from "~/catalogue/seed/catalogue";
import type { Product } from "~/catalogue/types";
import { drawPictureSet } from "./picture-set.server";

/** pictures.ts and the route as a build with the given picture set compiles them. */
async function built(set: string | undefined) {
  vi.resetModules();
  vi.stubEnv("PRODUCT_PICTURE_SET", set);
  return {
    pictures: await import("./pictures"),
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("product pictures drawn at build time", () => {
  it("X-PERF-2: draws every picture of the catalogue once, under a folder named by their hash", () => {
    const { set, files } = drawPictureSet();
    expect(set).toMatch(/^[\w-]{10}$/);
    const expected = PRODUCTS.flatMap((p) =>
      p.images.map((i) => `assets/pictures/${set}/${p.id}/${i.view}.svg`),
    );
    expect(files.map((f) => f.fileName)).toEqual(expected);
    for (const file of files) expect(file.source.startsWith("<svg")).toBe(true);
    // The same drawings give the same addresses (browsers keep their caches across deploys)...
    expect(drawPictureSet().set).toBe(set);
    // ...and a changed drawing gives new ones.
    const changed: Product[] = PRODUCTS.map((p, i) =>
      i === 0 ? { ...p, artColor: "#123456", kind: "hoodie" } : p,
    );
    expect(drawPictureSet(changed).set).not.toBe(set);
  });

  it("X-PERF-2: a build's pages link the hashed files; fixed addresses stay for links kept outside", async () => {
    const { pictures } = await built("Abc_12-xyz");
    const src = pictures.pictureSrc("mens-england-no-gi-set", "front");
    expect(src).toBe("/assets/pictures/Abc_12-xyz/mens-england-no-gi-set/front.svg");
    expect(pictures.fixedSrcOf(src)).toBe("/images/products/mens-england-no-gi-set/front.svg");
    expect(pictures.previewPngOf(src)).toBe("/images/products/mens-england-no-gi-set/front.png");
    // A cart stored with the fixed address shows this build's file.
    expect(pictures.currentPictureSrc("/images/products/mens-england-no-gi-set/front.svg")).toBe(
      src,
    );
    expect(pictures.currentPictureSrc("/uploads/x.png")).toBe("/uploads/x.png");
  });

  it("X-PERF-2: without a build, pictures are drawn on request at their fixed addresses", async () => {
    const { pictures } = await built(undefined);
    const src = pictures.pictureSrc("premium-gym-bag", "detail");
    expect(src).toBe("/images/products/premium-gym-bag/detail.svg");
    expect(pictures.currentPictureSrc(src)).toBe(src);
    expect(pictures.fixedSrcOf(src)).toBe(src);
  });
});
