import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { XMLParser } from "fast-xml-parser";
import { readFileSync } from "node:fs";
import { HtmlValidate, type RuleConfig } from "html-validate";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Outside checks of issue 55 (X-FIND): Google's rich-result rules (Adobe's structured-data
 * validator) over every product page of the seed, the feed read by an XML parser against
 * Google's fields, and html-validate over each kind of page with the rules the project turns off
 * named with their reasons in .htmlvalidate.json.
 */

type Issue = { severity: string; issueMessage: string; fieldNames?: string[] };

const FEED_FIELDS = [
  "g:id",
  "g:item_group_id",
  "g:title",
  "g:description",
  "g:link",
  "g:image_link",
  "g:price",
  "g:availability",
  "g:brand",
  "g:condition",
  "g:gender",
  "g:age_group",
  "g:google_product_category",
  "g:product_type",
  "g:shipping",
];

async function productPaths(request: APIRequestContext) {
  const xml = await (await request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>[^<]*?(\/product\/[a-z0-9-]+)<\/loc>/g)].map((m) => m[1]!);
}

test("X-FIND-1, X-FIND-2: every product page's structured data passes Google's rich-result rules with no errors, as does the home page's", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const paths = await productPaths(request);
  expect(paths.length).toBeGreaterThan(30);
  const validator = new Validator();
  for (const path of ["/", ...paths]) {
    const html = await (await request.get(path)).text();
    const extracted = new WebAutoExtractor({
      addLocation: true,
      embedSource: ["rdfa", "microdata"],
    }).parse(html);
    const issues = (await validator.validate(extracted)) as Issue[];
    const errors = issues.filter((issue) => issue.severity === "ERROR");
    expect(errors, `${path}: ${JSON.stringify(errors)}`).toEqual([]);
    if (path !== "/") {
      expect(html).toContain('"@type":"ProductGroup"');
      expect(html).toContain('"hasMerchantReturnPolicy"');
      expect(html).toContain('"shippingDetails"');
    }
  }
});

test("X-FIND-4: the feed parses as RSS 2.0 with Google's namespace, one item per variant with every field, never an SVG picture, and answers a 304 to its ETag", async ({
  request,
}) => {
  const answer = await request.get("/feeds/google.xml");
  expect(answer.status()).toBe(200);
  const xml = await answer.text();
  expect(xml).not.toMatch(/\.svg/);
  const parsed = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml) as {
    rss: { "@_version": string; "@_xmlns:g": string; channel: { item: Record<string, unknown>[] } };
  };
  expect(parsed.rss["@_version"]).toBe("2.0");
  expect(parsed.rss["@_xmlns:g"]).toBe("http://base.google.com/ns/1.0");
  const items = parsed.rss.channel.item;
  expect(items.length).toBeGreaterThan(200);
  for (const item of items) {
    for (const field of FEED_FIELDS)
      expect(item, `${String(item["g:id"])}: ${field}`).toHaveProperty(field);
    expect(item["g:gtin"] || item["g:mpn"] || item["g:identifier_exists"]).toBeTruthy();
  }
  // The pictures are there, as PNG or JPEG.
  const picture = await request.get(String(new URL(String(items[0]!["g:image_link"])).pathname));
  expect(picture.status()).toBe(200);
  expect(picture.headers()["content-type"]).toMatch(/^image\/(png|jpeg)$/);
  const again = await request.get("/feeds/google.xml", {
    headers: { "If-None-Match": answer.headers()["etag"]! },
  });
  expect(again.status()).toBe(304);
});

test("X-FIND-5: the main page kinds pass html-validate with no errors (rules turned off are named in .htmlvalidate.json with their reasons)", async ({
  request,
}) => {
  test.setTimeout(120_000);
  const config = JSON.parse(readFileSync(".htmlvalidate.json", "utf8")) as {
    extends: string[];
    rules: Record<string, [string, { _reason: string } & Record<string, unknown>]>;
  };
  for (const [rule, [, { _reason }]] of Object.entries(config.rules)) {
    expect(_reason.length, `${rule} has a reason`).toBeGreaterThan(10);
  }
  // Each rule as html-validate takes it: its level and its options without the reason.
  const rules = Object.fromEntries(
    Object.entries(config.rules).map(([rule, [level, { _reason, ...options }]]) => [
      rule,
      Object.keys(options).length ? [level, options] : level,
    ]),
  ) as RuleConfig;
  const validator = new HtmlValidate({ extends: config.extends, rules });
  const found: string[] = [];
  for (const path of [
    "/",
    "/mens",
    "/mens/no-gi",
    "/accessories",
    "/product/mens-grip-truth-hoodie",
    "/product/premium-gym-bag",
    "/search?q=gi",
    "/faq",
    "/size-guide",
    "/customisation",
    "/delivery",
    "/returns",
    "/cart",
  ]) {
    const html = await (await request.get(path)).text();
    const report = await validator.validateString(html);
    const messages = report.results.flatMap((r) =>
      r.messages
        .filter((m) => m.severity === 2)
        .map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ""})`),
    );
    found.push(...messages.map((message) => `${path} ${message}`));
  }
  expect(found).toEqual([]);
});
