import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

// X-TRUE-6: editing that answers, at 390 px and 1280 px. The products stay drafts.

const option = (page: Page, legend: string) => page.getByRole("group", { name: legend });

async function newProduct(page: Page, id: string) {
  await page.goto("/admin/products/new");
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await page.getByLabel("Id (its address: /product/…)").fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Tide Set");
  await page.getByLabel("Category").selectOption("NO-GI");
  await page.getByLabel("Description", { exact: true }).fill("A set for the tide.");
  const first = option(page, "Add an option");
  await first.getByLabel("Type").fill("Rashguard");
  await first.getByLabel("Price (£)", { exact: true }).fill("31.50");
  await first.getByLabel("Sizes", { exact: true }).fill("S\nM");
  // A second option before any save: the form comes back with what was typed and one more.
  await page.getByRole("button", { name: "Add another option" }).click();
  const second = option(page, "Add another option (2)");
  await expect(second.getByLabel("Type")).toBeVisible();
  await expect(option(page, "Add an option").getByLabel("Type")).toHaveValue("Rashguard");
  await expect(page.getByLabel("Id (its address: /product/…)")).toHaveValue(id);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Tide Set");
  await second.getByLabel("Type").fill("Shorts");
  await second.getByLabel("Price (£)", { exact: true }).fill("24.00");
  await second.getByLabel("Sizes", { exact: true }).fill("M\nL");
  // Ordered before saving: the shorts first.
  await second.getByLabel("Position").fill("1");
  await option(page, "Add an option").getByLabel("Position").fill("2");
}

test("X-TRUE-6: signing in lands on the dashboard", async ({ page }) => {
  await page.goto("/admin/login");
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});

test("X-TRUE-6: two options added and ordered before the first save; created and saved say so where the focus goes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = `e2e-tide-${randomUUID().slice(0, 8)}`;
  await newProduct(page, id);
  await expect(page.getByLabel("Type").last()).toHaveValue("Shorts");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?created=1$`));
  const created = page.getByRole("status").filter({ hasText: "Tide Set created." });
  await expect(created).toBeVisible();
  await expect(created).toBeFocused();
  const legends = page.getByRole("group", { name: /^Option: / });
  await expect(legends).toHaveCount(2);
  await expect(legends.first()).toHaveAccessibleName("Option: Shorts");
  await shot(page, "product-created");

  await page.getByLabel("Name", { exact: true }).fill("Tide Set II");
  await page.getByRole("button", { name: "Save product" }).click();
  const saved = page.getByRole("status");
  await expect(saved).toHaveText("Tide Set II saved.");
  await expect(saved).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-TRUE-6: options are added with the typed values kept; archiving asks first and says what happens", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const id = `e2e-tide-nojs-${randomUUID().slice(0, 8)}`;
    await newProduct(page, id);
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?created=1$`));
    await expect(page.getByRole("status")).toHaveText("Tide Set created.");
    await expect(page.getByRole("group", { name: /^Option: / }).first()).toHaveAccessibleName(
      "Option: Shorts",
    );

    // One press only opens the question; the product stays until "Yes, archive".
    await page.getByText("Archive Tide Set", { exact: true }).click();
    await expect(page.getByText("Tide Set leaves the shop at once")).toBeVisible();
    await shot(page, "archive-asks");
    await page.getByRole("button", { name: "Yes, archive Tide Set" }).click();
    await expect(page.getByRole("status")).toHaveText("Tide Set archived.");
  });
});
