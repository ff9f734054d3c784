import { expect, test } from "./fixtures";

test("X-SHOP-1, X-FIND-5: a product page has title, description, canonical, Open Graph and Product JSON-LD", async ({
  page,
}) => {
  await page.goto("/product/mens-grip-n-trip-thai-shorts");
  await expect(page).toHaveTitle("Mens Grip N Trip Thai Shorts | GRIP TRUTH");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Muay Thai/);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${origin}/product/mens-grip-n-trip-thai-shorts`,
  );
  const ogImage = page.locator('meta[property="og:image"]');
  await expect(ogImage).toHaveAttribute(
    "content",
    `${origin}/images/share/mens-grip-n-trip-thai-shorts.png`,
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute(
    "content",
    `${origin}/images/share/mens-grip-n-trip-thai-shorts.png`,
  );
  // Link previews get a raster picture they can show.
  const preview = await page.request.get((await ogImage.getAttribute("content"))!);
  expect(preview.headers()["content-type"]).toBe("image/png");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.flatMap((text) => {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [parsed];
  }) as Record<string, unknown>[];
  // X-FIND-1: a ProductGroup whose variants each carry their offer.
  const product = data.find((d) => d["@type"] === "ProductGroup")!;
  expect(product).toMatchObject({
    name: "Mens Grip N Trip Thai Shorts",
    productGroupID: "mens-grip-n-trip-thai-shorts",
  });
  expect((product.hasVariant as Record<string, unknown>[])[0]).toMatchObject({
    "@type": "Product",
    offers: { "@type": "Offer", priceCurrency: "GBP", price: "29.99" },
  });
  expect(product).not.toHaveProperty("aggregateRating");
  const crumbs = data.find((d) => d["@type"] === "BreadcrumbList")!;
  expect((crumbs.itemListElement as unknown[]).length).toBe(3);
});

test("X-SHOP-1: category pages carry BreadcrumbList, the home page Organization", async ({
  page,
}) => {
  await page.goto("/kids/bjj-gi?type=gi");
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${origin}/kids/bjj-gi`,
  );
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(text!)).toMatchObject({ "@type": "BreadcrumbList" });
  await page.goto("/");
  const home = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(home!)).toMatchObject({ "@type": "Organization", name: "GRIP TRUTH" });
});

test("X-SHOP-1: every page has its own title and description", async ({ page }) => {
  const seen = new Map<string, string>();
  for (const path of [
    "/",
    "/mens",
    "/kids/muay-thai",
    "/accessories",
    "/customisation",
    "/faq",
    "/size-guide",
    "/delivery",
    "/search",
    "/search?q=gi",
    "/product/premium-gym-bag",
  ]) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length, path).toBeGreaterThan(20);
    expect(seen.has(title), `${path} repeats the title of ${seen.get(title)}`).toBe(false);
    seen.set(title, path);
  }
});

test("X-SHOP-1: sitemap.xml lists every product; robots.txt points to it", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  for (const id of ["mens-grip-n-trip-thai-shorts", "kids-grip-truth-bjj-gi", "equipment-bag"]) {
    expect(locs).toContain(`${baseURL}/product/${id}`);
  }
  expect(locs.filter((l) => l.includes("/product/")).length).toBe(35);
  expect(locs).toContain(`${baseURL}/customisation`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toMatch(/Disallow: \/checkout/);
  expect(robots).toMatch(/Disallow: \/payment/);
  expect(robots).toMatch(/Disallow: \/order-confirmation/);
});
