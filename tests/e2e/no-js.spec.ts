import { PAGE_ROUTES } from "./routes";
import { expect, isMobile, test } from "./fixtures";

test.use({ javaScriptEnabled: false });

test("X-SHOP-2: every page renders without JavaScript", async ({ page }) => {
  // Every page of the shop, one after another: more than a minute on two busy cores.
  test.slow();
  for (const { path, heading } of PAGE_ROUTES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
  }
});

test("S-REV-1 X-SHOP-2 X-PERF-2: a product page's reviews are in its HTML, shown without JavaScript", async ({
  page,
}) => {
  // Their code is not part of the page's first load, and the server must still place them in
  // the page rather than after it (hidden, for a script to move).
  await page.goto("/product/mens-grip-n-trip-thai-shorts");
  const reviews = page.locator("#reviews");
  await expect(reviews.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
  await expect(reviews.getByRole("link", { name: /write a review/i })).toBeVisible();
});

test("X-SHOP-2: the header's links are reachable without JavaScript", async ({ page }) => {
  await page.goto("/");
  const nav = isMobile(page)
    ? page.getByRole("navigation", { name: "Mobile" })
    : page.getByRole("navigation", { name: "Main" });
  for (const label of ["Mens", "Womens", "Kids", "Accessories", "Customisation"]) {
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  await nav.getByRole("link", { name: "Kids", exact: true }).click();
  await expect(page).toHaveURL(/\/kids$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Kids Collection/i);
});

test("S-SRCH X-SHOP-2: the header search is a plain GET form to /search", async ({ page }) => {
  await page.goto("/about");
  const box = page.getByRole("combobox", { name: "Search products and pages" });
  await expect(box).toBeVisible();
  await box.fill("hoodie");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=hoodie$/);
  await expect(
    page.getByRole("list", { name: "Matching products" }).getByRole("article"),
  ).toHaveCount(3);
  await page.getByRole("link", { name: "Womens Grip Truth Hoodie" }).click();
  await expect(page).toHaveURL(/\/product\/womens-grip-truth-hoodie$/);
});

test("X-CAT-1 X-SHOP-2: filter, sort, view and Load More work without JavaScript", async ({
  page,
}) => {
  await page.goto("/kids");
  await page.getByLabel("Filter by").selectOption({ label: "Sliders" });
  await page.getByLabel("Age", { exact: true }).selectOption({ label: "3-6 years" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/kids\?type=sliders&age=3-6&sort=featured$/);
  const cards = page.getByRole("list", { name: "Kids Collection products" }).getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Kids Grip Truth Sliders");

  await page.goto("/mens");
  await page.getByLabel("Sort by").selectOption({ label: "Name: A to Z" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/sort=name/);
  const mens = page.getByRole("list", { name: "Mens Collection products" }).getByRole("article");
  await expect(mens).toHaveCount(6);
  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page).toHaveURL(/sort=name&page=2/);
  await expect(mens).toHaveCount(9);
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page.getByRole("list", { name: "Mens Collection products" })).toHaveAttribute(
    "data-view",
    "list",
  );
  await expect(mens).toHaveCount(9);
});

test("S-ACC-2 S-ACC-4 X-SHOP-2: accessories filters and the bundle details work without JavaScript", async ({
  page,
}) => {
  await page.goto("/accessories");
  await page.getByLabel("Price").selectOption({ label: "£20 - £50" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/price=20-50/);
  const list = page.getByRole("list", { name: "Accessories", exact: true }).getByRole("article");
  await expect(list).toHaveCount(2);
  await page.getByText("View Bundle Deal").click();
  await expect(page.getByTestId("bundle-price")).toHaveText("£125.56");
});
