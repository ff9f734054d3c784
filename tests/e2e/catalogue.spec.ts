import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";

test("S-CAT-1: the home page has the hero, five New Arrivals and the promo blocks", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/20% off\s*site wide/i);
  await page.getByRole("link", { name: "Shop now" }).click();
  await expect(page).toHaveURL(/\/mens$/);
  await page.goBack();

  const arrivals = page.getByRole("list", { name: "New arrivals" }).getByRole("listitem");
  await expect(arrivals).toHaveCount(5);
  for (const card of await arrivals.all()) {
    await expect(card).toContainText("£29.99");
    await expect(card.locator("s")).toContainText("£44.99");
    await expect(card.getByRole("link")).toHaveAttribute(
      "href",
      /^\/product\/mens-[a-z-]+-no-gi-set$/,
    );
  }
  await expect(page.getByRole("link", { name: /Shop Thai shorts/ })).toHaveAttribute(
    "href",
    "/product/mens-grip-n-trip-thai-shorts",
  );
  await expect(page.getByRole("link", { name: /Shop the outlet/ })).toHaveAttribute(
    "href",
    "/mens",
  );
  await expect(page.getByRole("region", { name: "Up to 30% off" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Design your kit/ })).toHaveAttribute(
    "href",
    "/customisation",
  );
  await expect(page.getByRole("link", { name: /Shop accessories/ })).toHaveAttribute(
    "href",
    "/accessories",
  );
});

const COLLECTION_COUNTS: [string, number, string[]][] = [
  ["/mens", 9, ["No-Gi", "BJJ Gi", "Mens Leisurewear", "Mens Muay Thai"]],
  ["/mens/no-gi", 5, ["No-Gi"]],
  ["/mens/bjj-gi", 1, ["BJJ Gi"]],
  ["/mens/leisurewear", 2, ["Mens Leisurewear"]],
  ["/womens/no-gi", 9, ["Womens No-Gi", "Womens BJJ Gi", "Womens Leisurewear", "Womens Muay Thai"]],
  ["/womens/muay-thai", 1, ["Womens Muay Thai"]],
  ["/kids", 9, ["Kids No-Gi", "Kids BJJ Gi", "Kids Leisurewear", "Kids Muay Thai"]],
  ["/kids/leisurewear", 2, ["Kids Leisurewear"]],
];

for (const [path, count, labels] of COLLECTION_COUNTS) {
  test(`S-CAT-2: ${path} shows exactly its categories`, async ({ page }) => {
    // Six products a page (Load More, X-CAT-1): page 2 shows all of these collections.
    await page.goto(`${path}?page=2`);
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(count);
    const seen = new Set(
      (await cards.locator("p.uppercase").allTextContents()).map((t) => t.trim()),
    );
    expect([...seen].sort()).toEqual([...labels].sort());
  });
}

test("S-CAT-3: kids pages have the sizing block and Download Size Chart downloads a chart", async ({
  page,
}) => {
  await page.goto("/kids");
  await expect(page.getByRole("heading", { name: "Kids sizing guide" })).toBeVisible();
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Size Chart" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/kids-size-chart\.svg$/);
  const chart = await readFile((await download.path())!, "utf8");
  expect(chart).toContain("<svg");
  for (const size of ["6Y", "14Y", "M0000", "M4"]) expect(chart).toContain(size);
  await page.goto("/mens");
  await expect(page.getByRole("heading", { name: "Kids sizing guide" })).toHaveCount(0);
});

test("S-CAT-4: card dots switch the picture, rotation applies, a click opens the product at the top", async ({
  page,
}) => {
  await page.goto("/mens/leisurewear");
  const card = page.getByRole("article").filter({ hasText: "Mens Grip Truth Sliders" });
  const picture = card.locator("img").first();
  await expect(picture).toHaveAttribute("src", /\/front\.svg$/);
  const dots = card.getByRole("group", { name: /Pictures of/ }).getByRole("button");
  await expect(dots).toHaveCount(3);
  await dots.nth(1).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-pressed", "true");
  await expect(picture).toHaveAttribute("src", /\/top\.svg$/);
  // The sliders' top view is catalogued at -90 degrees.
  await expect(picture).toHaveAttribute("style", /rotate\(-90deg\)/);
  const image = await page.request.get((await picture.getAttribute("src"))!);
  expect(image.headers()["content-type"]).toContain("image/svg+xml");

  await page.evaluate(() => window.scrollTo(0, 400));
  await card.getByRole("link", { name: "Mens Grip Truth Sliders" }).click();
  await expect(page).toHaveURL(/\/product\/mens-grip-truth-sliders$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mens Grip Truth Sliders");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("S-PDP-1 S-PDP-8: the product page gallery selects pictures and states delivery terms", async ({
  page,
}) => {
  await page.goto("/product/mens-ranked-gorilla-no-gi-set");
  const thumbs = page.getByRole("list", { name: "Choose a picture" }).getByRole("button");
  await expect(thumbs).toHaveCount(3);
  const main = page.getByRole("main").locator("img").first();
  await expect(main).toHaveAttribute("src", /front\.svg$/);
  await thumbs.nth(2).click();
  await expect(main).toHaveAttribute("src", /detail\.svg$/);
  await expect(thumbs.nth(2)).toHaveAttribute("aria-pressed", "true");
  const main$ = page.getByRole("main");
  await expect(main$).toContainText("Standard UK delivery from £3.95");
  await expect(main$).toContainText("Free shipping over £75");
  await expect(main$).toContainText("30-day returns");
  await expect(main$).toContainText("£29.99");
  await expect(main$.locator("s")).toContainText("£44.99");
  await expect(main$.getByRole("group", { name: /^Belt rank/ }).getByRole("radio")).toHaveCount(5);
});

test("S-ACC-1 S-ACC-3: accessories show the four tiles (real counts) and the eight accessories with prices", async ({
  page,
}) => {
  await page.goto("/accessories");
  const tiles = page.getByRole("list", { name: "Accessory categories" });
  // The spec's 12/8/6/15 describe a wider range; each tile counts the accessories it filters to.
  for (const [name, count] of [
    ["Training Gear", "1 item"],
    ["Protection", "2 items"],
    ["Bags & Storage", "2 items"],
    ["Lifestyle", "3 items"],
  ] as const) {
    await expect(tiles.getByRole("listitem").filter({ hasText: name })).toContainText(count);
  }
  const prices: Record<string, string> = {
    "Premium Gym Bag": "£79.99",
    "Mouth Guard Set": "£19.99",
    "Training Journal": "£14.99",
    "Water Bottle": "£12.99",
    "Knee Pads": "£24.99",
    "BJJ Patches Set": "£9.99",
    "Gear Wash Kit": "£18.99",
    "Equipment Bag": "£34.99",
  };
  const cards = page.getByRole("list", { name: "Accessories", exact: true }).getByRole("article");
  await expect(cards).toHaveCount(8);
  for (const [name, price] of Object.entries(prices)) {
    await expect(cards.filter({ hasText: name })).toContainText(price);
  }
  await expect(page.getByRole("heading", { name: "Complete Training Bundle" })).toBeVisible();
  await expect(page.getByText("Save 20%")).toBeVisible();
});
