import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loadCatalogue, catalogueChanged } from "~/catalogue/store.server";
import { SEED_PRODUCTS } from "~/catalogue/seed";
import { orderLines, orders, productOptions, products, promotions } from "~/db/schema";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as cartPrices } from "~/routes/api.cart-prices";
import { loader as productPage } from "~/routes/product";
import { loader as sitemap } from "~/routes/sitemap";
import { loader as searchPage } from "~/routes/search";
import { testDb } from "./shop";
import { call, postJson } from "./helpers";
import { CATALOGUE_CHECK_MS } from "~/shared/limits";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

let client = 0;
/** Each checkout from its own address: the unpaid-checkout limit per address is not tested here. */
async function checkout(body: unknown) {
  client += 1;
  const address = `198.51.100.${client}`;
  return call(
    createSession,
    "/api/create-checkout-session",
    postJson(body, { "x-client-address": address }),
  );
}

/** A rashguard the owner has just added (a fresh id per test), active unless told otherwise. */
async function addRashguard(over: { status?: "draft" | "active" | "archived"; pricePence?: number } = {}) {
  const db = await testDb();
  const id = `test-rashguard-${randomUUID().slice(0, 8)}`;
  await db.transaction(async (tx) => {
    await tx.insert(products).values({
      id,
      position: 999,
      name: "Test Storm Rashguard",
      status: over.status ?? "active",
      category: "NO-GI",
      audience: "mens",
      kind: "no-gi-set",
      design: "grip-truth",
      pricePence: over.pricePence ?? 3199,
      description: "A test rashguard.",
      images: [{ view: "front", alt: "Test Storm Rashguard, front view", rotation: 0 }],
    });
    await tx.insert(productOptions).values({
      productId: id,
      position: 1,
      type: "Rashguard",
      pricePence: over.pricePence ?? 3199,
      sizes: ["S", "M", "L"],
    });
    await catalogueChanged(tx, db);
  });
  return id;
}

async function setPrice(id: string, pricePence: number) {
  const db = await testDb();
  await db.transaction(async (tx) => {
    await tx.update(products).set({ pricePence }).where(eq(products.id, id));
    await tx.update(productOptions).set({ pricePence }).where(eq(productOptions.productId, id));
    await catalogueChanged(tx, db);
  });
}

const line = (productId: string, size = "M") => ({
  productId,
  optionType: "Rashguard",
  size,
  quantity: 1,
});


afterEach(async () => {
  const db = await testDb();
  await db.transaction(async (tx) => {
    await tx.delete(promotions);
    await catalogueChanged(tx, db);
  });
});

describe(`the catalogue as data (${driver})`, () => {
  it("X-CAT-1: migration 0007 holds exactly the spec's catalogue: products, prices, sizes and options", async () => {
    const catalogue = await loadCatalogue(await testDb(), Date.now());
    for (const seed of SEED_PRODUCTS) {
      const stored = catalogue.all.get(seed.id);
      expect(stored, seed.id).toBeDefined();
      // When each product last changed (issue 55: the sitemap's lastmod) is the row's, not the seed's.
      const { updatedAt, ...rest } = stored!;
      expect(typeof updatedAt).toBe("number");
      expect({ ...rest, images: rest.images.map((i) => i.view) }).toEqual({
        ...seed,
        images: seed.images.map((i) => i.view),
      });
    }
    expect(catalogue.products.length).toBe(SEED_PRODUCTS.filter((p) => !p.bundle).length);
  });

  it("X-CAT-1 X-CAT-3: a product the owner activates is on sale, in search and the sitemap, and bought at its price", async () => {
    const id = await addRashguard();
    const page = await call(productPage, `/product/${id}`, {}, { productId: id });
    expect(page.status).toBe(200);
    expect(await (await call(sitemap, "/sitemap.xml")).text()).toContain(`/product/${id}</loc>`);
    const found = (await (await call(searchPage, "/search?q=storm")).json()) as {
      products: { id: string }[];
    };
    expect(found.products.map((p) => p.id)).toContain(id);
    const response = await checkout({ cartItems: [line(id)] });
    expect(response.status).toBe(200);
  });

  it("X-CAT-3: checkout charges the price of the moment; an earlier order keeps what it was sold at", async () => {
    const id = await addRashguard({ pricePence: 3199 });
    const first = (await (await checkout({ cartItems: [line(id)] })).json()) as { url: string };
    await setPrice(id, 2599);
    const second = (await (await checkout({ cartItems: [line(id)] })).json()) as { url: string };
    const db = await testDb();
    const rows = await db
      .select({ unit: orderLines.unitPricePence, name: orderLines.productName })
      .from(orderLines)
      .where(eq(orderLines.productId, id));
    expect(rows.map((r) => r.unit).sort()).toEqual([2599, 3199]);
    expect(first.url).not.toBe(second.url);
  });

  it("X-CAT-3: an archived product is 404 and refused at checkout with its sentence; a removed size too", async () => {
    const id = await addRashguard();
    const db = await testDb();
    await db.transaction(async (tx) => {
      await tx.update(products).set({ status: "archived" }).where(eq(products.id, id));
      await catalogueChanged(tx, db);
    });
    expect((await call(productPage, `/product/${id}`, {}, { productId: id })).status).toBe(404);
    const refused = await checkout({ cartItems: [line(id)] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Sorry, Test Storm Rashguard is no longer available.",
      lineIndex: 0,
    });

    const other = await addRashguard();
    const noSize = await checkout({ cartItems: [line(other, "XXL")] });
    expect(noSize.status).toBe(409);
    expect(((await noSize.json()) as { error: string }).error).toBe(
      "Sorry, Test Storm Rashguard in Rashguard XXL is no longer available.",
    );
    // The cart asks the same question and shows the answer against the line.
    const prices = (await (
      await call(cartPrices, "/api/cart/prices", postJson({ cartItems: [line(id), line(other)] }))
    ).json()) as { lines: { line?: { unitPricePence: number }; problem?: string; gone?: boolean }[] };
    expect(prices.lines[0]).toEqual({
      problem: "Sorry, Test Storm Rashguard is no longer available.",
      gone: true,
    });
    expect(prices.lines[1]?.line?.unitPricePence).toBe(3199);
  });

  it("X-CAT-1: a draft is not on sale and has no page for a visitor", async () => {
    const id = await addRashguard({ status: "draft" });
    expect((await call(productPage, `/product/${id}`, {}, { productId: id })).status).toBe(404);
    expect((await checkout({ cartItems: [line(id)] })).status).toBe(409);
  });

  it("X-CAT-5: a 20% automatic sale reduces full-price lines at checkout, a code applies after it, and ending it restores the price", async () => {
    const db = await testDb();
    const id = await addRashguard({ pricePence: 3000 });
    await db.transaction(async (tx) => {
      await tx.insert(promotions).values({ name: "Winter sale", percent: 20 });
      await catalogueChanged(tx, db);
    });
    const priced = async () =>
      (
        (await (
          await call(cartPrices, "/api/cart/prices", postJson({ cartItems: [line(id)] }))
        ).json()) as { lines: { line: { unitPricePence: number } }[] }
      ).lines[0]!.line.unitPricePence;
    expect(await priced()).toBe(2400);
    // A line already reduced (a compare-at price) is not reduced again.
    const catalogue = await loadCatalogue(db, Date.now());
    const set = catalogue.all.get("mens-england-no-gi-set")!;
    expect(set.pricePence).toBe(2999);
    expect(set.originalPricePence).toBe(4499);
    const response = await checkout({ cartItems: [line(id)], discountCode: "SAVE10" });
    expect(response.status).toBe(200);
    const [order] = await db
      .select()
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(eq(orderLines.productId, id));
    expect(order!.order_lines.unitPricePence).toBe(2400);
    expect(order!.orders.discountPence).toBe(240);
    await db.transaction(async (tx) => {
      await tx.delete(promotions);
      await catalogueChanged(tx, db);
    });
    expect(await priced()).toBe(3000);
  });

  it("X-CAT-5: a sale that has not started, or has ended, changes nothing", async () => {
    const db = await testDb();
    const id = await addRashguard({ pricePence: 3000 });
    const hour = 3_600_000;
    await db.transaction(async (tx) => {
      await tx.insert(promotions).values([
        { name: "Later", percent: 30, startsAt: new Date(Date.now() + hour) },
        { name: "Over", percent: 40, endsAt: new Date(Date.now() - hour) },
      ]);
      await catalogueChanged(tx, db);
    });
    const catalogue = await loadCatalogue(db, Date.now());
    expect(catalogue.sale).toBeNull();
    expect(catalogue.all.get(id)?.pricePence).toBe(3000);
  });

  it("X-CAT-1: another process sees an owner's change within the check interval", async () => {
    const db = await testDb();
    const id = await addRashguard({ pricePence: 3199 });
    const now = Date.now();
    // This process's copy, read now...
    expect((await loadCatalogue(db, now)).all.get(id)?.pricePence).toBe(3199);
    // ...another process changes the price (the revision goes up, this copy is not told)...
    await db.transaction(async (tx) => {
      await tx.update(products).set({ pricePence: 2799 }).where(eq(products.id, id));
      await tx.update(productOptions).set({ pricePence: 2799 }).where(eq(productOptions.productId, id));
      await tx.execute(
        // The revision alone, as another process's save would leave it for this one.
        (await import("drizzle-orm")).sql`UPDATE catalogue_revision SET revision = revision + 1`,
      );
    });
    // ...and the next check, at most CATALOGUE_CHECK_MS later, reads it.
    expect((await loadCatalogue(db, now + CATALOGUE_CHECK_MS)).all.get(id)?.pricePence).toBe(2799);
    expect(CATALOGUE_CHECK_MS + 8_000).toBeLessThanOrEqual(10_000);
  });
});
