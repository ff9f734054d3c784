import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const cards = (page: Page) =>
  page
    .getByRole("main")
    .getByRole("list", { name: /products$/ })
    .getByRole("article");

test("S-CAT-5 X-CAT-1: each Filter-by option changes the list and the URL; back works", async ({
  page,
}) => {
  await page.goto("/mens");
  await expect(cards(page)).toHaveCount(6);
  const filter = page.getByLabel("Filter by");
  const expected: [string, string, number][] = [
    ["Rashguards & no-gi sets", "no-gi-set", 5],
    ["Gis", "gi", 1],
    ["Sliders", "sliders", 1],
    ["Hoodies", "hoodie", 1],
    ["Thai shorts", "thai-shorts", 1],
  ];
  for (const [label, value, count] of expected) {
    await filter.selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`/mens\\?type=${value}$`));
    await expect(cards(page)).toHaveCount(count);
  }
  await expect(cards(page).first()).toContainText("Thai Shorts");
  await page.goBack();
  await expect(page).toHaveURL(/\/mens\?type=hoodie$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText("Hoodie");
  await expect(filter).toHaveValue("hoodie");
  await filter.selectOption({ label: "All products" });
  await expect(page).toHaveURL(/\/mens$/);
});

test("X-CAT-1: sort by price, the kids age bands, and a shared URL renders the same list", async ({
  page,
}) => {
  await page.goto("/mens?page=2");
  await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  await expect(page).toHaveURL(/\/mens\?sort=price-desc$/);
  await expect(cards(page).first()).toContainText("£74.99");
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });
  await expect(cards(page).first()).toContainText("£24.99");

  await page.goto("/kids");
  const age = page.getByLabel("Age", { exact: true });
  await expect(age.locator("option")).toHaveText([
    "All ages",
    "3-6 years",
    "7-10 years",
    "11-16 years",
  ]);
  await age.selectOption({ label: "11-16 years" });
  await expect(page).toHaveURL(/\/kids\?age=11-16$/);
  await expect(page.getByText("Showing 6 of 8 products")).toBeVisible();

  const fresh = await page.context().newPage();
  await fresh.goto("/kids?age=11-16&page=2");
  await expect(cards(fresh)).toHaveCount(8);
  await expect(cards(fresh).filter({ hasText: "Sliders" })).toHaveCount(0);
  await expectNoAxeViolations(fresh);
});

test("S-CAT-5 X-CAT-1: Load More shows the next products and says how many", async ({ page }) => {
  await page.goto("/womens");
  await expect(page.getByText("Showing 6 of 9 products")).toBeVisible();
  await page.getByRole("link", { name: "Load More Products" }).click();
  await expect(page).toHaveURL(/\/womens\?page=2$/);
  await expect(cards(page)).toHaveCount(9);
  await expect(page.getByText("Showing 9 of 9 products")).toBeVisible();
  await expect(cards(page).nth(6).getByRole("link")).toBeFocused();
  await expect(page.getByRole("link", { name: "Load More Products" })).toHaveCount(0);
  await page.goBack();
  await expect(cards(page)).toHaveCount(6);
});

test("S-CAT-5: the two view icons switch between grid and list", async ({ page }) => {
  await page.goto("/kids?type=no-gi-set");
  const list = page.getByRole("list", { name: "Kids Collection products" });
  await expect(list).toHaveAttribute("data-view", "grid");
  await expect(page.getByRole("link", { name: "Grid view" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await page.getByRole("link", { name: "List view" }).click();
  await expect(page).toHaveURL(/\/kids\?type=no-gi-set&view=list$/);
  await expect(list).toHaveAttribute("data-view", "list");
  await expect(page.getByRole("link", { name: "List view" })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // A filter change keeps the view.
  await page.getByLabel("Filter by").selectOption({ label: "Gis" });
  await expect(page).toHaveURL(/\/kids\?type=gi&view=list$/);
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Grid view" }).click();
  await expect(list).toHaveAttribute("data-view", "grid");
});

test("X-CAT-1: bad query values fall back to the defaults, never an error", async ({ page }) => {
  const response = await page.goto("/mens?type=<script>&sort=x&view=3d&page=-1");
  expect(response?.status()).toBe(200);
  await expect(cards(page)).toHaveCount(6);
});

test("S-ACC-2 X-ACC-1: accessories filters by category and price; tiles filter", async ({
  page,
}) => {
  await page.goto("/accessories");
  const list = page.getByRole("list", { name: "Accessories", exact: true }).getByRole("article");
  await expect(list).toHaveCount(8);
  await expect(page.getByLabel("Price").locator("option")).toHaveText([
    "All",
    "Under £20",
    "£20 - £50",
    "£50+",
  ]);
  await page.getByLabel("Price").selectOption({ label: "Under £20" });
  await expect(page).toHaveURL(/\/accessories\?price=under-20$/);
  await expect(list).toHaveCount(5);
  await page.getByLabel("Category").selectOption({ label: "Protection" });
  await expect(page).toHaveURL(/category=protection/);
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Mouth Guard Set");
  await page.getByLabel("Price").selectOption({ label: "£50+" });
  await expect(list).toHaveCount(0);
  await expect(page.getByText("Nothing matches these filters.")).toBeVisible();

  await page.goto("/accessories");
  await page
    .getByRole("list", { name: "Accessory categories" })
    .getByRole("link", { name: /Bags & Storage/ })
    .click();
  await expect(page).toHaveURL(/\/accessories\?category=bags-storage#shop$/);
  await expect(list).toHaveCount(2);
});

test("S-ACC-4 X-ACC-1: View Bundle Deal shows the bundle and adds it as one cart line", async ({
  page,
}) => {
  await page.goto("/accessories");
  await page.getByText("View Bundle Deal").click();
  const contents = page.getByRole("list", { name: "Bundle contents" });
  await expect(contents.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByTestId("bundle-price")).toHaveText("£125.56");
  await expect(page.getByText("You save £31.39")).toBeVisible();
  await page.getByRole("button", { name: "Add Bundle to Cart" }).click();
  await expect(page.getByText("Added to Cart!")).toBeVisible();
  await page.getByRole("button", { name: /Open cart, 1 item/ }).click();
  const panel = page.getByRole("dialog", { name: "Your Cart" });
  await expect(panel).toContainText("Complete Training Bundle");
  await expect(panel).toContainText("£125.56");
});
