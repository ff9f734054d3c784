import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { catalogueChanged } from "~/catalogue/store.server";
import { productOptions, products } from "~/db/schema";
import { loader } from "~/routes/product-image";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

// The picture route reads the product from the catalogue in the database (X-CAT-1).
function get(productId: string, path: string): Promise<Response> {
  const file = path.split("?")[0]!;
  return call(loader, `/images/products/${productId}/${path}`, {}, { productId, file });
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

  it("X-TRUE-11: a colour the product offers is drawn in that colour; another colour is ignored", async () => {
    const grey = await (await get("mens-grip-truth-hoodie", "front.svg")).text();
    const black = await get("mens-grip-truth-hoodie", "front.svg?colour=black");
    expect(black.status).toBe(200);
    const blackSvg = await black.text();
    expect(grey).toContain("#8a8d91");
    expect(blackSvg).toContain("#1d1d20");
    expect(blackSvg).not.toContain("#8a8d91");
    // A colour the hoodie does not come in, and a product whose drawing has no colour: as they are.
    expect(await (await get("mens-grip-truth-hoodie", "front.svg?colour=purple")).text()).toBe(grey);
    const bag = await (await get("premium-gym-bag", "front.svg")).text();
    expect(await (await get("premium-gym-bag", "front.svg?colour=black")).text()).toBe(bag);
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

  it("X-SEC-18: a draft's pictures answer 404 to a visitor and are the signed-in owner's alone, never kept by a shared cache", async () => {
    const db = await testDb();
    const id = `secret-draft-${randomUUID().slice(0, 8)}`;
    await db.transaction(async (tx) => {
      await tx.insert(products).values({
        id,
        position: 999,
        name: "Unannounced Storm Rashguard",
        status: "draft",
        category: "NO-GI",
        audience: "mens",
        kind: "no-gi-set",
        design: "grip-truth",
        pricePence: 3199,
        description: "Not yet announced.",
        images: [{ view: "front", alt: "Unannounced Storm Rashguard, front view", rotation: 0 }],
      });
      await tx.insert(productOptions).values({
        productId: id,
        position: 1,
        type: "Rashguard",
        pricePence: 3199,
        sizes: ["S", "M"],
      });
      await catalogueChanged(tx, db);
    });
    for (const file of ["front.svg", "front.png", "front-160.png"]) {
      const visitor = await get(id, file);
      expect(visitor.status, file).toBe(404);
      expect(await visitor.text()).not.toContain("Unannounced");
      const forged = await call(
        loader,
        `/images/products/${id}/${file}`,
        { headers: { cookie: "gt_owner=anything" } },
        { productId: id, file },
      );
      expect(forged.status, file).toBe(404);
    }
    const cookie = await signInCookie();
    const owner = await call(
      loader,
      `/images/products/${id}/front.svg`,
      { headers: { cookie } },
      { productId: id, file: "front.svg" },
    );
    expect(owner.status).toBe(200);
    expect(await owner.text()).toContain("Unannounced Storm Rashguard");
    expect(owner.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
