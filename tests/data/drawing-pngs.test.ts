import { describe, expect, it } from "vitest";
import { drawingsRendered, forgetDrawingPngs, makeMissingDrawings } from "~/catalogue/art/png.server";
import { loadCatalogue } from "~/catalogue/store.server";
import { drawingPngs } from "~/db/schema";
import { loader as health } from "~/routes/api.health";
import { loader as drawing } from "~/routes/product-image";
import { call } from "./helpers";
import { TEST_DRIVER } from "./setup";
import { testDb } from "./shop";

// Issue 36 item 6 (X-SEC-18): a drawing's PNG is made once, in the image queue, and stored; a
// burst of asks does not draw it again, nor starve the rest of the shop.

const ask = (productId: string, file: string) =>
  call(drawing, `/images/products/${productId}/${file}`, {}, { productId, file });

async function drawings(count: number) {
  const catalogue = await loadCatalogue(await testDb(), Date.now());
  return [...catalogue.all.values()]
    .filter((product) => product.status !== "draft")
    .flatMap((product) => product.images.map((image) => ({ id: product.id, view: image.view })))
    .slice(0, count);
}

describe(`drawings as PNGs (${TEST_DRIVER})`, () => {
  it("X-SEC-18: 36 parallel asks for PNGs draw each once, in the image queue, while /api/health answers; after a restart none is drawn again", { timeout: 120_000, tags: ["race"] }, async () => {
    const db = await testDb();
    await db.delete(drawingPngs);
    forgetDrawingPngs();
    const pictures = await drawings(6);
    expect(pictures).toHaveLength(6);
    // 36 asks: six drawings, six times each, all at once (a drawing takes seconds on a busy machine).
    const burst = pictures.flatMap((p) => [p, p, p, p, p, p]);
    const before = drawingsRendered();
    const started = Date.now();
    const answers = Promise.all(burst.map((p) => ask(p.id, `${p.view}.png`)));
    // The shop answers its health check during the burst.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const healthAt = Date.now();
    const healthy = await call(health, "/api/health");
    const healthMs = Date.now() - healthAt;
    const done = await answers;
    const burstMs = Date.now() - started;
    expect(healthy.status).toBe(200);
    for (const answer of done) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
    }
    expect(drawingsRendered() - before).toBe(6);
    expect(await db.select({ key: drawingPngs.key }).from(drawingPngs)).toHaveLength(6);
    console.log(`[X-SEC-18 ${TEST_DRIVER}] 36 PNG asks (6 drawings) in ${burstMs} ms, 6 drawn; /api/health ${healthMs} ms during it`);
    expect(healthMs).toBeLessThan(1_000);

    // A restart (or another process): the stored PNGs are served, none drawn again.
    forgetDrawingPngs();
    const again = await Promise.all(burst.map((p) => ask(p.id, `${p.view}.png`)));
    expect(again.every((answer) => answer.status === 200)).toBe(true);
    expect(Buffer.from(await again[0]!.arrayBuffer()).equals(Buffer.from(await done[0]!.arrayBuffer()))).toBe(true);
    expect(drawingsRendered() - before).toBe(6);
  });

  it("X-SEC-18: the drawings job makes the missing PNGs a batch at a time at start; then an ask draws nothing", async () => {
    const db = await testDb();
    await db.delete(drawingPngs);
    forgetDrawingPngs();
    const catalogue = await loadCatalogue(db, Date.now());
    const few = [...catalogue.all.values()].filter((p) => p.status !== "draft").slice(0, 1);
    const expected = few.reduce((sum, p) => sum + p.images.length * 2, 0);
    let made = 0;
    for (let round = 0; round < 20; round++) {
      const taken = await makeMissingDrawings(db, few, 3);
      made += taken;
      if (taken < 3) break;
    }
    expect(made).toBe(expected);
    expect(await makeMissingDrawings(db, few, 3)).toBe(0);
    forgetDrawingPngs();
    const before = drawingsRendered();
    const small = await ask(few[0]!.id, `${few[0]!.images[0]!.view}-160.png`);
    expect(small.status).toBe(200);
    expect(drawingsRendered()).toBe(before);
  }, 120_000);
});
