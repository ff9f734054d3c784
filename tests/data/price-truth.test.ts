import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, updateProduct } from "~/catalogue/editing/products.server";
import { findProduct } from "~/catalogue/catalogue";
import { loadCatalogue } from "~/catalogue/store.server";
import { priceHistory } from "~/db/schema";
import { action as productsPost } from "~/routes/api.admin.products";
import { action as productApi, loader as productGet } from "~/routes/api.admin.product";
import { action as productPageAction } from "~/routes/admin.product";
import { action as promotionsPost } from "~/routes/api.admin.promotions";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const DAY = 24 * 60 * 60 * 1000;
let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
  body: JSON.stringify(body),
});

const tee = (id: string) => ({
  id,
  name: "Truth Tee",
  category: "MENS-LEISUREWEAR",
  status: "active",
  description: "A tee whose prices are true.",
  options: [
    { type: "Tee", pricePence: 4000, sizes: ["M"] },
    { type: "Long Sleeve", pricePence: 5000, sizes: ["M"] },
  ],
});

async function historyOf(id: string, type: string) {
  const db = await testDb();
  return db
    .select({ pricePence: priceHistory.pricePence, startedAt: priceHistory.startedAt })
    .from(priceHistory)
    .where(and(eq(priceHistory.productId, id), eq(priceHistory.optionType, type)))
    .orderBy(asc(priceHistory.startedAt));
}

describe("X-TRUE-1: prices that are true", () => {
  it("X-TRUE-1: the JSON API refuses a \"was\" price the history does not back: 422 naming the option", async () => {
    expect((await call(productsPost, "/api/admin/products", json("POST", tee("api-tee")))).status).toBe(201);
    const refused = await call(
      productApi,
      "/api/admin/products/api-tee",
      json("PUT", {
        version: 1,
        options: [
          { type: "Tee", pricePence: 3000, compareAtPricePence: 4000, sizes: ["M"] },
          { type: "Long Sleeve", pricePence: 5000, sizes: ["M"] },
        ],
      }),
      { id: "api-tee" },
    );
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { error: string };
    expect(body.error).toMatch(/"was" price £40\.00 of the Tee option cannot be shown/);
    // Issue 53: a moment at the price is not "0 days", and a price never charged is said so.
    expect(body.error).toMatch(/it sold at that price for less than a day in the 6 months/);
    expect(body.error).not.toMatch(/0 days/);
    const created = await call(
      productsPost,
      "/api/admin/products",
      json("POST", {
        ...tee("api-tee-2"),
        options: [{ type: "Tee", pricePence: 3000, compareAtPricePence: 4000, sizes: ["M"] }],
      }),
    );
    expect(created.status).toBe(422);
    expect(((await created.json()) as { error: string }).error).toMatch(
      /cannot be shown: it has never sold at that price in the 6 months before the reduction\./,
    );
  });

  it("X-TRUE-1: the owner's page says the refusal beside the option's compare-at field and keeps what was typed", async () => {
    const stored = (await (
      await call(productGet, "/api/admin/products/api-tee", { headers: { cookie } }, { id: "api-tee" })
    ).json()) as { version: number; kind: string; design: string; name: string; category: string; status: string; description: string };
    const form = new URLSearchParams();
    for (const key of ["name", "category", "status", "description", "kind", "design"] as const) form.set(key, stored[key]);
    form.set("version", String(stored.version));
    form.set("optionCount", "2");
    form.set("option-0-type", "Tee");
    form.set("option-0-price", "30.00");
    form.set("option-0-compareAt", "40.00");
    form.set("option-0-sizes", "M");
    form.set("option-1-type", "Long Sleeve");
    form.set("option-1-price", "50.00");
    form.set("option-1-sizes", "M");
    const refused = await call(
      productPageAction,
      "/admin/products/api-tee",
      { method: "POST", body: form, headers: { cookie, Origin: "http://shop.test" } },
      { id: "api-tee" },
    );
    const body = (await refused.json()) as { error: string; option: string; draft: Record<string, string> };
    expect(refused.status, body.error).toBe(422);
    expect(body.option).toBe("Tee");
    expect(body.error).toMatch(/"was" price £40\.00 of the Tee option cannot be shown/);
    expect(body.draft).toMatchObject({ "option-0-compareAt": "40.00", "option-0-price": "30.00" });
  });

  it("X-TRUE-1: price changes build the history; refused without 28 days at the price; shown with them; gone by itself; the headline follows the lowest option and the running sale", async () => {
    const db = await testDb();
    const t0 = Date.now();
    const id = "truth-tee";
    expect((await createProduct(db, tee(id), OWNER.email, new Date(t0))).ok).toBe(true);
    expect((await historyOf(id, "Tee")).map((r) => r.pricePence)).toEqual([4000]);

    const reduced = {
      options: [
        { type: "Tee", pricePence: 3000, compareAtPricePence: 4000, sizes: ["M"] },
        { type: "Long Sleeve", pricePence: 5000, sizes: ["M"] },
      ],
    };
    // 10 days at £40.00: not enough.
    const early = await updateProduct(db, id, { version: 1, ...reduced }, OWNER.email, new Date(t0 + 10 * DAY));
    expect(early).toMatchObject({ ok: false, kind: "not_genuine" });
    expect((await historyOf(id, "Tee")).map((r) => r.pricePence)).toEqual([4000]);

    // 30 days at £40.00: the reduction may say "was £40.00".
    const at = t0 + 30 * DAY;
    const saved = await updateProduct(db, id, { version: 1, ...reduced }, OWNER.email, new Date(at));
    expect(saved.ok).toBe(true);
    const history = await historyOf(id, "Tee");
    expect(history.map((r) => [r.pricePence, r.startedAt.getTime()])).toEqual([
      [4000, t0],
      [3000, at],
    ]);

    let product = findProduct(await loadCatalogue(db, at + 5 * DAY), id)!;
    expect(product.options.find((o) => o.type === "Tee")).toMatchObject({
      pricePence: 3000,
      compareAtPricePence: 4000,
    });
    // The headline is the lowest option's price now, with its genuine "was".
    expect(product).toMatchObject({ pricePence: 3000, originalPricePence: 4000 });

    // 31 days into the reduction it has run longer than the 30 days at £40.00: gone by itself.
    product = findProduct(await loadCatalogue(db, at + 31 * DAY), id)!;
    expect(product.options.find((o) => o.type === "Tee")!.compareAtPricePence).toBeUndefined();
    expect(product.pricePence).toBe(3000);
    expect(product.originalPricePence).toBeUndefined();

    // A running automatic sale: the headline follows it (10% off the lowest option's £30.00),
    // and the full price is a genuine "was" during it.
    const sale = await call(promotionsPost, "/api/admin/promotions", json("POST", { name: "Truth sale", percent: 10 }));
    expect(sale.status).toBe(201);
    product = findProduct(await loadCatalogue(db, at + 31 * DAY), id)!;
    expect(product).toMatchObject({ pricePence: 2700, originalPricePence: 3000 });
    expect(product.options.find((o) => o.type === "Long Sleeve")).toMatchObject({
      pricePence: 4500,
      compareAtPricePence: 5000,
    });
  });
});
