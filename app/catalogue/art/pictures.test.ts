import { afterEach, describe, expect, it, vi } from "vitest";
import { PRODUCTS } from "~/catalogue";
import type { Product } from "~/catalogue/types";
import type * as ProductImageRoute from "~/routes/product-image";
import { drawPictureSet } from "./picture-set.server";

type LoaderArgs = Parameters<typeof ProductImageRoute.loader>[0];

/** pictures.ts and the route as a build with the given picture set compiles them. */
async function built(set: string | undefined) {
  vi.resetModules();
  vi.stubEnv("PRODUCT_PICTURE_SET", set);
  return {
    pictures: await import("./pictures"),
    route: await import("~/routes/product-image"),
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

  it("X-PERF-2: the fixed SVG address of a build sends the browser to the hashed file, uncached", async () => {
    const { route } = await built("Abc_12-xyz");
    const get = (productId: string, file: string) =>
      route.loader({ params: { productId, file } } as unknown as LoaderArgs);
    const response = await get("mens-england-no-gi-set", "back.svg");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(
      "/assets/pictures/Abc_12-xyz/mens-england-no-gi-set/back.svg",
    );
    expect(response.headers.get("Cache-Control")).toBe("no-cache");
    // Unknown products and views are still 404, and the link-preview PNG is still drawn here.
    expect((await get("mens-england-no-gi-set", "top.svg")).status).toBe(404);
    expect((await get("no-such-product", "front.svg")).status).toBe(404);
    const png = await get("mens-england-no-gi-set", "front.png");
    expect(png.headers.get("Content-Type")).toBe("image/png");
  });
});
