import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "~/catalogue/store.server";
import { auditLog, productOptions, products } from "~/db/schema";
import { loader as exportCsv } from "~/routes/admin.products.export";
import { action as productApi, loader as productGet } from "~/routes/api.admin.product";
import { action as importApi } from "~/routes/api.admin.products-import";
import { action as productsPage } from "~/routes/admin.products";
import type { ImportPlan } from "~/catalogue/editing/import-plan";
import { applyCatalogueCsv, planCatalogueCsv } from "~/catalogue/editing/csv.server";
import { action as productsPost, loader as productsList } from "~/routes/api.admin.products";
import { action as promotionDelete } from "~/routes/api.admin.promotion";
import { action as promotionsPost, loader as promotionsList } from "~/routes/api.admin.promotions";
import { action as siteApi, loader as siteGet } from "~/routes/api.admin.site";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});

let cookie: string;

beforeAll(async () => {
  cookie = await signInCookie();
});

const json = (method: string, body: unknown) => ({
  method,
  headers: { "Content-Type": "application/json", cookie },
  body: JSON.stringify(body),
});
const create = (body: unknown) => call(productsPost, "/api/admin/products", json("POST", body));
const put = (id: string, body: unknown) =>
  call(productApi, `/api/admin/products/${id}`, json("PUT", body), { id });
const get = (id: string) =>
  call(productGet, `/api/admin/products/${id}`, { headers: { cookie } }, { id });
const csvImport = (csv: string) =>
  call(importApi, "/api/admin/products/import", {
    method: "POST",
    headers: { "Content-Type": "text/csv", cookie },
    body: csv,
  });
/** The export as its bytes say it, the byte-order mark kept (Response.text() drops it). */
const exportText = async () =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(
    await (await call(exportCsv, "/admin/products/export.csv", { headers: { cookie } })).arrayBuffer(),
  );

let serial = 0;
const storm = (over: Record<string, unknown> = {}) => ({
  id: `storm-rashguard-${++serial}`,
  name: "Storm Rashguard",
  category: "NO-GI",
  status: "active",
  description: "A rashguard for wet days.",
  options: [{ type: "Rashguard", pricePence: 3299, sizes: ["S", "M", "L"] }],
  ...over,
});

interface ProductJson {
  id: string;
  name: string;
  version: number;
  pricePence: number;
  status: string;
  options: { type: string; pricePence: number; sizes: string[] }[];
}

describe(`the owner's catalogue (${driver})`, () => {
  it("X-CAT-2: create, read, list, edit with the version, archive; every change audited", async () => {
    const body = storm();
    const created = await create(body);
    expect(created.status).toBe(201);
    const product = (await created.json()) as ProductJson;
    expect(product).toMatchObject({ id: body.id, version: 1, pricePence: 3299, status: "active" });

    expect(((await (await get(body.id)).json()) as ProductJson).options[0]!.sizes).toEqual([
      "S",
      "M",
      "L",
    ]);
    const list = (await (
      await call(productsList, `/api/admin/products?q=storm&status=active&category=NO-GI`, {
        headers: { cookie },
      })
    ).json()) as { products: { id: string; price_pence: number; version: number }[]; total: number };
    expect(list.products.map((p) => p.id)).toContain(body.id);
    expect(list.total).toBeGreaterThanOrEqual(1);

    const edited = await put(body.id, {
      version: 1,
      options: [{ type: "Rashguard", pricePence: 2999, sizes: ["XS", "S", "M", "L"] }],
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ version: 2, pricePence: 2999 });
    // The shop sells it at the new price.
    expect((await loadCatalogue(await testDb(), Date.now())).all.get(body.id)?.options[0]?.sizes).toEqual([
      "XS",
      "S",
      "M",
      "L",
    ]);

    const archived = await call(
      productApi,
      `/api/admin/products/${body.id}`,
      { method: "DELETE", headers: { cookie } },
      { id: body.id },
    );
    expect(archived.status).toBe(200);
    expect(await archived.json()).toMatchObject({ status: "archived" });

    const db = await testDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subject, `product:${body.id}`));
    expect(audit.map((a) => a.action)).toEqual([
      "product.create",
      "product.update",
      "product.archive",
    ]);
    expect(audit[1]!.before).toMatchObject({ pricePence: 3299 });
    expect(audit[1]!.after).toMatchObject({ pricePence: 2999 });
  });

  it("X-CAT-2: the owner's API needs a signed-in owner", async () => {
    const response = await call(productsPost, "/api/admin/products", postJson(storm()));
    expect(response.status).toBe(401);
  });

  const bad: [string, (b: ReturnType<typeof storm>) => unknown, RegExp][] = [
    ["a negative price", (b) => ({ ...b, options: [{ ...b.options[0], pricePence: -1 }] }), /negative/],
    ["a fractional price", (b) => ({ ...b, options: [{ ...b.options[0], pricePence: 12.5 }] }), /whole number/],
    ["an empty size list", (b) => ({ ...b, options: [{ ...b.options[0], sizes: [] }] }), /at least one size/],
    ["an unknown category", (b) => ({ ...b, category: "SWIMWEAR" }), /category must be one of/],
    ["a 300-character name", (b) => ({ ...b, name: "N".repeat(300) }), /at most 120 characters/],
    ["control characters", (b) => ({ ...b, name: "Storm\u0007" }), /control characters/],
    ["an id that is not a slug", (b) => ({ ...b, id: "Storm Rashguard!" }), /lower-case/],
    ["no price without options", (b) => ({ ...b, options: [] }), /needs a price/],
    ["a compare-at price below the price", (b) => ({ ...b, options: [{ ...b.options[0], compareAtPricePence: 100 }] }), /higher than the price/],
    ["an unknown field", (b) => ({ ...b, colour: "red" }), /Unknown field/],
  ];
  for (const [what, change, message] of bad) {
    it(`X-CAT-2: ${what} gives 400 with a sentence and changes nothing`, async () => {
      const body = change(storm()) as { id: string };
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      const db = await testDb();
      expect(await db.select().from(products).where(eq(products.id, String(body.id)))).toEqual([]);
    });
  }

  it("X-CAT-2: a duplicate id is refused with 409", async () => {
    expect((await create({ ...storm(), id: "mens-england-no-gi-set" })).status).toBe(409);
  });

  it("X-CAT-2: two owners saving the same version at once: one wins, the other is told to reload", { tags: ["race"] }, async () => {
    const body = storm();
    await create(body);
    const [a, b] = await Promise.all([
      put(body.id, { version: 1, name: "Storm Rashguard A" }),
      put(body.id, { version: 1, name: "Storm Rashguard B" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toEqual({
      error: "This product was changed by someone else. Reload to see the changes.",
    });
    const stored = (await (await get(body.id)).json()) as ProductJson;
    expect(stored.version).toBe(2);
    // A later save of the old version is refused too.
    expect((await put(body.id, { version: 1, name: "Late" })).status).toBe(409);
  });

  it("X-CAT-4: export, then import of the same file gives the same catalogue", async () => {
    const db = await testDb();
    const before = await db.select().from(productOptions);
    const csv = await exportText();
    expect(csv.startsWith("\uFEFF")).toBe(true); // X-TRUE-4: Excel reads "£" right
    expect(csv.slice(1).split("\r\n")[0]).toBe(
      // X-VAT-1: the VAT rate and the standard-rated sizes came last (issue 52).
      "id,name,category,status,option,price,compare_at_price,sizes,custom_price,belt_ranks,colors,description,vat_rate,standard_rated_sizes",
    );
    expect(csv).toContain("mens-england-no-gi-set,Mens England No-Gi Set,NO-GI,active,Rashguard,34.99,,XS|S|M|L|XL|XXL,");
    const response = await csvImport(csv);
    expect(response.status).toBe(200);
    // X-TRUE-4: the same file changes nothing, and says so.
    expect(await response.json()).toEqual({ created: 0, updated: 0 });
    const strip = (rows: typeof before) =>
      rows
        .map(({ productId, type, pricePence, compareAtPricePence, sizes, customizable, customPricePence, beltRanks, colors, position }) =>
          JSON.stringify([productId, position, type, pricePence, compareAtPricePence, sizes, customizable, customPricePence, beltRanks, colors]),
        )
        .sort();
    expect(strip(await db.select().from(productOptions))).toEqual(strip(before));
    expect(await exportText()).toBe(csv);
  });

  it("X-CAT-4: an edited spreadsheet creates and updates; a file with two bad rows changes nothing and names both", async () => {
    const header =
      "id,name,category,status,option,price,compare_at_price,sizes,custom_price,belt_ranks,colors,description";
    const good = [
      header,
      'csv-hoodie,CSV Hoodie,MENS-LEISUREWEAR,active,Hoodies,39.99,,S|M|L,,,Black|Grey,"Warm, soft."',
      "csv-patch,CSV Patch,ACCESSORIES,draft,,4.50,,,,,,A patch.",
    ].join("\n");
    const okResponse = await csvImport(good);
    expect(okResponse.status).toBe(200);
    expect(await okResponse.json()).toEqual({ created: 2, updated: 0 });
    const catalogue = await loadCatalogue(await testDb(), Date.now());
    expect(catalogue.all.get("csv-hoodie")?.options[0]).toMatchObject({
      type: "Hoodies",
      pricePence: 3999,
      colors: ["Black", "Grey"],
    });
    expect(catalogue.all.get("csv-patch")).toMatchObject({ status: "draft", pricePence: 450 });

    const badFile = [
      header,
      "csv-hoodie,CSV Hoodie,MENS-LEISUREWEAR,active,Hoodies,29.99,,S|M|L,,,Black|Grey,Changed.",
      "csv-bad-one,Bad One,SWIMWEAR,active,Rashguard,30.00,,S,,,,Nope.",
      "csv-bad-two,Bad Two,NO-GI,active,Rashguard,lots,,S,,,,Nope.",
    ].join("\n");
    const refused = await csvImport(badFile);
    expect(refused.status).toBe(422);
    const { errors } = (await refused.json()) as { errors: { row: number; column: string }[] };
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, "category"],
      [4, "price"],
    ]);
    // All or nothing: the good row of the same file was not applied.
    expect((await loadCatalogue(await testDb(), Date.now())).all.get("csv-hoodie")?.options[0]?.pricePence).toBe(3999);
  });

  it("X-TRUE-4: a one-price change is previewed field by field, applied only with its preview's digest, and counted as 1", async () => {
    const db = await testDb();
    const csv = await exportText();
    const [header, ...rows] = csv.split("\r\n");
    const target = rows.findIndex((r) => r.startsWith("mens-england-no-gi-set,") && r.includes(",Rashguard,"));
    const edited = [header, ...rows.map((r, i) => (i === target ? r.replace(",Rashguard,34.99,", ",Rashguard,32.50,") : r))].join("\r\n");
    expect(edited).not.toBe(csv);
    const page = (form: FormData) =>
      call(productsPage, "/admin/products", {
        method: "POST",
        headers: { cookie, origin: "http://shop.test" },
        body: form,
      });
    const upload = new FormData();
    upload.set("intent", "preview");
    upload.set("file", new File([edited], "catalogue.csv", { type: "text/csv" }));
    const previewed = await page(upload);
    expect(previewed.status).toBe(200);
    const { preview } = (await previewed.json()) as { preview: { plan: ImportPlan; csv: string } };
    expect(preview.plan.changes).toEqual([
      {
        id: "mens-england-no-gi-set",
        name: "Mens England No-Gi Set",
        action: "change",
        changes: [],
        options: [{ type: "Rashguard", action: "change", changes: [{ field: "price", before: "34.99", after: "32.50" }] }],
      },
    ]);
    // Nothing changed by the preview.
    const price = async () =>
      (
        await db
          .select({ type: productOptions.type, pricePence: productOptions.pricePence })
          .from(productOptions)
          .where(eq(productOptions.productId, "mens-england-no-gi-set"))
      ).find((o) => o.type === "Rashguard")?.pricePence;
    expect(await price()).toBe(3499);

    // Someone changes the product meanwhile: the old preview's digest is refused, nothing applied.
    const stored = (await (await get("mens-england-no-gi-set")).json()) as ProductJson & { description: string };
    expect((await put("mens-england-no-gi-set", { version: stored.version, description: `${stored.description} ` + "Now with flatlock seams." })).status).toBe(200);
    const stale = new FormData();
    stale.set("intent", "apply");
    stale.set("csv", preview.csv);
    stale.set("digest", preview.plan.digest);
    const refused = await page(stale);
    expect(refused.status).toBe(409);
    const again = (await refused.json()) as { error: string; preview: { plan: ImportPlan } };
    expect(again.error).toMatch(/catalogue changed since this preview/);
    expect(again.preview.plan.changes[0]!.changes.map((c) => c.field)).toEqual(["description"]);
    expect(await price()).toBe(3499);

    // The new preview's digest applies exactly it: one product changed, 1 counted.
    const apply = new FormData();
    apply.set("intent", "apply");
    apply.set("csv", preview.csv);
    apply.set("digest", again.preview.plan.digest);
    const applied = await page(apply);
    expect(applied.status).toBe(302);
    expect(applied.headers.get("location")).toBe("/admin/products?imported=1&created=0&updated=1");
    expect(await price()).toBe(3250);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "products.import"));
    expect(audits.at(-1)?.after).toMatchObject({ created: 0, updated: 1, ids: ["mens-england-no-gi-set"] });

    // The JSON import counts only real changes too: one price back is 1, not 36.
    const response = await csvImport(`\uFEFF${csv.replace(/^\uFEFF/, "")}`);
    expect(await response.json()).toEqual({ created: 0, updated: 1 });
    expect(await price()).toBe(3499);
  });

  it("X-TRUE-4: two owners applying the same preview at once: one applies it, the other is shown the new preview", { tags: ["race"] }, async () => {
    const header = "id,name,category,status,option,price,compare_at_price,sizes,custom_price,belt_ranks,colors,description";
    const file = (price: string) => `${header}\r\ncsv-race-patch,Race Patch,ACCESSORIES,draft,,${price},,,,,,A patch.\r\n`;
    expect((await csvImport(file("5.00"))).status).toBe(200);
    const db = await testDb();
    const planned = await planCatalogueCsv(db, file("6.00"));
    if (!planned.ok) throw new Error("the file should read");
    expect(planned.plan.changes).toHaveLength(1);
    const results = await Promise.all([
      applyCatalogueCsv(db, file("6.00"), OWNER.email, planned.plan.digest, new Date()),
      applyCatalogueCsv(db, file("6.00"), OWNER.email, planned.plan.digest, new Date()),
    ]);
    const applied = results.filter((r) => r.ok);
    const refused = results.filter((r) => !r.ok && "stale" in r);
    expect(applied).toEqual([{ ok: true, created: 0, updated: 1 }]);
    expect(refused).toHaveLength(1);
    // The new preview: nothing left to change.
    expect((refused[0] as { plan: ImportPlan }).plan.changes).toEqual([]);
    const [row] = await db.select({ version: products.version, price: products.pricePence }).from(products).where(eq(products.id, "csv-race-patch"));
    expect(row).toEqual({ version: 2, price: 600 });
  });

  it("X-TRUE-7: a product's JSON as GET answers it is PUT back unchanged; read-only fields are ignored", async () => {
    const made = await create(storm());
    expect(made.status).toBe(201);
    const product = (await made.json()) as ProductJson & Record<string, unknown>;
    const back = await put(product.id, product);
    expect(back.status).toBe(200);
    const saved = (await back.json()) as ProductJson & Record<string, unknown>;
    const { version, updatedAt, ...rest } = saved;
    const { version: was, updatedAt: wasAt, ...before } = product;
    expect(version).toBe(was + 1);
    expect(typeof updatedAt).toBe("string");
    expect(typeof wasAt).toBe("string");
    expect(rest).toEqual(before);
    // An unknown field is still refused, and a read-only one cannot change anything.
    const unknown = await put(product.id, { ...saved, colour: "red" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: "Unknown field: colour." });
    const sneaky = await put(product.id, { version: saved.version, id: "another-id", images: [] });
    expect(sneaky.status).toBe(200);
    const after = (await (await get(product.id)).json()) as ProductJson & { images: unknown[] };
    expect(after.id).toBe(product.id);
    expect(after.images).toEqual(product.images);
  });

  it("X-CAT-5: the site's words and the automatic sales through the owner's JSON", async () => {
    const saved = await call(siteApi, "/api/admin/site", json("PUT", { bannerText: "Winter sale on now" }));
    expect(saved.status).toBe(200);
    expect(await (await call(siteGet, "/api/admin/site", { headers: { cookie } })).json()).toMatchObject({
      bannerText: "Winter sale on now",
      heroHeading: "20% off site wide",
    });
    expect((await call(siteApi, "/api/admin/site", json("PUT", { heroHeading: "" }))).status).toBe(400);

    const refused = await call(promotionsPost, "/api/admin/promotions", json("POST", { name: "Too much", percent: 95 }));
    expect(refused.status).toBe(400);
    const created = await call(
      promotionsPost,
      "/api/admin/promotions",
      json("POST", { name: "Winter", percent: 20 }),
    );
    expect(created.status).toBe(201);
    const promotion = (await created.json()) as { id: string };
    const listed = (await (await call(promotionsList, "/api/admin/promotions", { headers: { cookie } })).json()) as {
      promotions: { id: string }[];
    };
    expect(listed.promotions.map((p) => p.id)).toContain(promotion.id);

    // A full-price line costs 20% less at checkout while it runs.
    const body = storm({ options: [{ type: "Rashguard", pricePence: 3000, sizes: ["M"] }] });
    await create(body);
    const line = { productId: body.id, optionType: "Rashguard", size: "M", quantity: 1 };
    const checkout = await call(createSession, "/api/create-checkout-session", postJson({ cartItems: [line] }, { "x-client-address": "198.51.100.201" }));
    expect(checkout.status).toBe(200);
    const catalogue = await loadCatalogue(await testDb(), Date.now());
    expect(catalogue.all.get(body.id)?.options[0]?.pricePence).toBe(2400);

    const ended = await call(
      promotionDelete,
      `/api/admin/promotions/${promotion.id}`,
      { method: "DELETE", headers: { cookie } },
      { id: promotion.id },
    );
    expect(ended.status).toBe(200);
    expect((await loadCatalogue(await testDb(), Date.now())).all.get(body.id)?.options[0]?.pricePence).toBe(3000);
  });
});
