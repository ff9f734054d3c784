import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { action as productPageAction, loader as productPageLoader } from "~/routes/admin.product";
import { action as feedsAction } from "~/routes/admin.feeds";
import { loader as feedLoader } from "~/routes/feed.google";
import { loader as identifiersCsv } from "~/routes/admin.products.identifiers";
import { loader as productLoader } from "~/routes/product";
import { setVariantStock } from "~/stock/admin.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const GI = "mens-grip-truth-bjj-gi";
let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

type Item = Record<string, string>;
async function feedItems(response: Response): Promise<Item[]> {
  const parsed = new XMLParser({ parseTagValue: false }).parse(await response.text()) as {
    rss: { channel: { item: Item[] } };
  };
  return parsed.rss.channel.item;
}

const post = (form: FormData | URLSearchParams): RequestInit => ({
  method: "POST",
  body: form,
  headers: { cookie, Origin: "http://shop.test" },
});

describe("X-FIND: the product feed and the variants' identifiers (issue 55)", () => {
  it("X-FIND-4: the feed answers with an ETag and Last-Modified, a 304 to either, and is made again when the stock changes", async () => {
    const first = await call(feedLoader, "/feeds/google.xml");
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const etag = first.headers.get("ETag")!;
    const lastModified = first.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^".+"$/);
    const items = await feedItems(first);
    expect(items.length).toBeGreaterThan(100);
    const again = await call(feedLoader, "/feeds/google.xml", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const since = await call(feedLoader, "/feeds/google.xml", {
      headers: { "If-Modified-Since": lastModified },
    });
    expect(since.status).toBe(304);
    const item = items.find((i) => i["g:item_group_id"] === GI)!;
    expect(item["g:availability"]).toBe("backorder");
    // Stock counted for that variant: the feed is made again and says in stock.
    const db = await testDb();
    const stocked = await setVariantStock(
      db,
      { productId: GI, optionType: "Gi", size: item["g:size"], color: "", quantity: 5 },
      new Date(),
    );
    expect(stocked.ok).toBe(true);
    const changed = await call(feedLoader, "/feeds/google.xml", {
      headers: { "If-None-Match": etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    const now = (await feedItems(changed)).find((i) => i["g:id"] === item["g:id"])!;
    expect(now["g:availability"]).toBe("in_stock");
  });

  it("X-FIND-1: the owner sets a variant's SKU and GTIN on the product's page; the page's structured data, the feed and the CSV carry them; a wrong GTIN is refused at its field", async () => {
    const page = (await (
      await call(productPageLoader, `/admin/products/${GI}`, { headers: { cookie } }, { id: GI })
    ).json()) as { variants: { optionType: string; size: string; color: string; sku: string }[] };
    expect(page.variants.length).toBeGreaterThan(1);
    // The page's form is sent as a browser sends it (urlencoded; multipart is the photo upload).
    const form = new URLSearchParams();
    form.set("intent", "variant-ids");
    form.set("variantCount", "1");
    const first = page.variants[0]!;
    form.set("v-0-option", first.optionType);
    form.set("v-0-size", first.size);
    form.set("v-0-color", first.color);
    form.set("v-0-sku", "GT-GI-TEST-1");
    form.set("v-0-gtin", "5012345678901");
    form.set("v-0-mpn", "");
    const refused = await call(productPageAction, `/admin/products/${GI}`, post(form), { id: GI });
    expect(refused.status).toBe(400);
    const refusal = (await refused.json()) as { fieldErrors: Record<string, string> };
    expect(refusal.fieldErrors["v-0-gtin"]).toMatch(/check digit/);
    form.set("v-0-gtin", "5012345678900");
    const saved = await call(productPageAction, `/admin/products/${GI}`, post(form), { id: GI });
    expect(saved.status).toBe(200);
    const product = (await (
      await call(productLoader, `/product/${GI}`, undefined, { productId: GI })
    ).json()) as { jsonLd: string };
    // The loader writes the page's JSON-LD: the listing, then the breadcrumbs.
    const [listing] = JSON.parse(product.jsonLd) as [{ hasVariant: Record<string, unknown>[] }];
    expect(listing.hasVariant[0]).toMatchObject({
      sku: "GT-GI-TEST-1",
      gtin: "5012345678900",
    });
    const items = await feedItems(await call(feedLoader, "/feeds/google.xml"));
    expect(items.find((i) => i["g:id"] === "GT-GI-TEST-1")).toMatchObject({
      "g:gtin": "5012345678900",
      "g:size": first.size,
    });
    const csv = await (
      await call(identifiersCsv, "/admin/products/identifiers.csv", { headers: { cookie } })
    ).text();
    expect(csv).toContain(`${GI},Gi,${first.size},,GT-GI-TEST-1,5012345678900,`);
  });

  it("X-FIND-1: the identifiers CSV is checked whole: a line with a wrong SKU saves nothing; a right file saves", async () => {
    const file = (text: string) => {
      const form = new FormData();
      form.set("file", new File([text], "ids.csv", { type: "text/csv" }));
      return form;
    };
    const header = "product_id,option,size,color,sku,gtin,mpn\n";
    const refused = await call(
      feedsAction,
      "/admin/feeds",
      post(file(`${header}knee-pads,Standard,N/A,,KP-1,,KP-MPN\n${GI},Gi,A1,,bad sku!,,\n`)),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Line 3: A SKU is/);
    let items = await feedItems(await call(feedLoader, "/feeds/google.xml"));
    expect(items.find((i) => i["g:item_group_id"] === "knee-pads")!["g:id"]).not.toBe("KP-1");
    const saved = await call(
      feedsAction,
      "/admin/feeds",
      post(file(`${header}knee-pads,Standard,N/A,,KP-1,,KP-MPN\n`)),
    );
    expect(saved.status).toBe(200);
    items = await feedItems(await call(feedLoader, "/feeds/google.xml"));
    expect(items.find((i) => i["g:item_group_id"] === "knee-pads")).toMatchObject({
      "g:id": "KP-1",
      "g:mpn": "KP-MPN",
    });
  });
});
