import { describe, expect, it } from "vitest";
import { loader } from "~/routes/product-image";
import { call } from "./helpers";

// The picture route reads the product from the catalogue in the database (X-CAT-1).
function get(productId: string, file: string): Promise<Response> {
  return call(loader, `/images/products/${productId}/${file}`, {}, { productId, file });
}

describe("GET /images/products/:productId/:file", () => {
  it("S-CAT-4: serves a listed view as an SVG image", async () => {
    const response = await get("mens-england-no-gi-set", "front.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const body = await response.text();
    expect(body.startsWith("<svg")).toBe(true);
    expect(body).toContain("#c8102e");
  });

  it("S-CAT-4: serves the same picture again from memory", async () => {
    const first = await (await get("premium-gym-bag", "detail.svg")).text();
    const second = await (await get("premium-gym-bag", "detail.svg")).text();
    expect(second).toBe(first);
  });

  it("X-SHOP-1: serves the same picture as a 1200 px PNG for link previews", async () => {
    const response = await get("mens-england-no-gi-set", "front.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    const sharp = (await import("sharp")).default;
    expect(await sharp(bytes).metadata()).toMatchObject({
      width: 1200,
      height: 1200,
      format: "png",
    });
  });

  it.each([
    ["no-such-product", "front.svg"],
    ["mens-grip-truth-hoodie", "detail.svg"],
    ["mens-grip-truth-sliders", "back.svg"],
    ["mens-england-no-gi-set", "front.jpg"],
    ["mens-england-no-gi-set", "front"],
    ["mens-england-no-gi-set", "../front.svg"],
    ["mens-england-no-gi-set", "FRONT.svg"],
  ])("answers 404 for %s/%s", async (productId, file) => {
    const response = await get(productId, file);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });
});

