import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

// X-CAT-2, X-CAT-5: the owner's catalogue pages, at 390 px (mobile) and 1280 px (desktop).
// The product stays a draft: an active one would change the collections other tests count.

async function signIn(page: Page, next: string) {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await signInOwner(page);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

const option = (page: Page, legend: string) => page.getByRole("group", { name: legend });

test("X-CAT-2: the owner creates a product, previews the draft, changes its price and archives it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = `e2e-storm-${randomUUID().slice(0, 8)}`;
  await signIn(page, "/admin/products");
  await expect(page.getByRole("heading", { name: "Products", level: 1 })).toBeVisible();
  await expect(page.getByRole("list", { name: "Products" })).toContainText(
    "Mens England No-Gi Set",
  );
  await expectNoAxeViolations(page);
  await shot(page, "products");

  await page.getByRole("link", { name: "New product" }).click();
  await expect(page.getByRole("heading", { name: "New product", level: 1 })).toBeVisible();
  await page.getByLabel("Id (its address: /product/…)").fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Storm Rashguard");
  await page.getByLabel("Category").selectOption("NO-GI");
  await page.getByLabel("For").selectOption("mens");
  await page
    .getByLabel("Description", { exact: true })
    .fill("A rashguard for wet training nights.");
  const added = option(page, "Add an option");
  await added.getByLabel("Type").fill("Rashguard");
  await added.getByLabel("Price (£)", { exact: true }).fill("31.50");
  await added.getByLabel("Sizes", { exact: true }).fill("S\nM\nL");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}`));
  await expect(page.getByRole("heading", { name: "Storm Rashguard", level: 1 })).toBeVisible();
  await expect(option(page, "Option: Rashguard").getByLabel("Sizes", { exact: true })).toHaveValue(
    "S\nM\nL",
  );
  await shot(page, "product-edit");

  // The draft is previewed by the signed-in owner with its price.
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("status").filter({ hasText: "Draft preview" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("£31.50");

  await page.goto(`/admin/products/${id}`);
  await option(page, "Option: Rashguard").getByLabel("Price (£)", { exact: true }).fill("29.00");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toHaveText("Storm Rashguard saved.");
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("main")).toContainText("£29.00");

  await page.goto(`/admin/products/${id}`);
  // X-TRUE-6: archiving asks first and says what will happen.
  await page.getByText("Archive Storm Rashguard", { exact: true }).click();
  await expect(page.getByText("Storm Rashguard leaves the shop at once")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Yes, archive Storm Rashguard" }).click();
  await expect(page.getByRole("status")).toHaveText("Storm Rashguard archived.");
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { name: "Product not found" })).toBeVisible();
});

test("X-CAT-2: of two owners saving the same product, the second is told to reload", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const id = `e2e-stale-${randomUUID().slice(0, 8)}`;
  await signIn(page, "/admin/products/new");
  await page.getByLabel("Id (its address: /product/…)").fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Stale Patch");
  await page.getByLabel("Category").selectOption("ACCESSORIES");
  await page.getByLabel("Description", { exact: true }).fill("A patch.");
  await page.getByLabel("Price (£)", { exact: true }).first().fill("5.00");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}`));

  const other = await context.newPage();
  await other.goto(`/admin/products/${id}`);
  await page.getByLabel("Name", { exact: true }).fill("Stale Patch (first)");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByRole("status")).toHaveText("Stale Patch (first) saved.");

  await other.getByLabel("Name", { exact: true }).fill("Stale Patch (second)");
  await other.getByRole("button", { name: "Save product" }).click();
  // Said in the form's error summary, which takes the focus (X-A11Y-2).
  await expect(other.getByTestId("error-summary")).toContainText(
    "This product was changed by someone else. Reload to see the changes.",
  );
  await expect(other.getByTestId("error-summary")).toBeFocused();
  await expectNoAxeViolations(other);
  await other.getByRole("link", { name: "Reload the product" }).click();
  await expect(other.getByLabel("Name", { exact: true })).toHaveValue("Stale Patch (first)");
});

test("X-CAT-5: the owner's page for the banner, the hero and the sales", async ({ page }) => {
  await signIn(page, "/admin/site");
  await expect(
    page.getByRole("heading", { name: "Banner, hero and sales", level: 1 }),
  ).toBeVisible();
  await expect(page.getByLabel("Home page heading")).toHaveValue(/\S/);
  await expectNoAxeViolations(page);
  await shot(page, "site");
});

test("X-TRUE-4: a CSV upload shows what it would change, and changes it only after Apply, counting real changes", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = `e2e-csv-${randomUUID().slice(0, 8)}`;
  const header =
    "id,name,category,status,option,price,compare_at_price,sizes,custom_price,belt_ranks,colors,description";
  const file = (price: string) => ({
    name: "catalogue.csv",
    mimeType: "text/csv",
    // With the byte-order mark a spreadsheet saves (X-TRUE-4).
    buffer: Buffer.from(
      `\uFEFF${header}\r\n${id},CSV Storm Rashguard,NO-GI,draft,Rashguard,${price},,S|M|L,,,,"A rashguard, imported."\r\n`,
    ),
  });
  await signIn(page, "/admin/products");
  const upload = page.getByRole("form", { name: "Import a CSV file" });
  await upload.getByLabel("Catalogue file (CSV)").setInputFiles(file("31.50"));
  await upload.getByRole("button", { name: "Preview the import" }).click();
  const preview = page.getByRole("region", { name: "Preview: 1 change" });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole("heading", { level: 2 })).toBeFocused();
  await expect(preview).toContainText(`Create CSV Storm Rashguard (${id})`);
  await expect(preview).toContainText("Nothing has been saved yet.");
  // Before "Apply" the product does not exist.
  await page.goto(`/admin/products?q=${id}`);
  await expect(page.getByText("No products match.")).toBeVisible();

  await page
    .getByRole("form", { name: "Import a CSV file" })
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles(file("31.50"));
  await page.getByRole("button", { name: "Preview the import" }).click();
  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Import applied: 0 products changed, 1 created.",
  );
  await expect(page.getByRole("status")).toBeFocused();

  // One price changed: the preview shows it before → after, and Apply counts 1.
  await page
    .getByRole("form", { name: "Import a CSV file" })
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles(file("29.00"));
  await page.getByRole("button", { name: "Preview the import" }).click();
  const change = page.getByRole("region", { name: "Preview: 1 change" });
  await expect(change).toContainText(`Change CSV Storm Rashguard (${id})`);
  const row = change.getByRole("row", { name: /price/ });
  await expect(row).toContainText("31.50");
  await expect(row).toContainText("29.00");
  await expectNoAxeViolations(page);
  await shot(page, "import-preview");
  if (process.env.ADMIN_SCREENSHOTS) {
    const width = page.viewportSize()?.width ?? 0;
    await change.screenshot({
      path: `${process.env.ADMIN_SCREENSHOTS}/import-preview-only-${width}.png`,
    });
  }
  await page.goto(`/admin/products/${id}`);
  await expect(
    option(page, "Option: Rashguard").getByLabel("Price (£)", { exact: true }),
  ).toHaveValue("31.50");

  await page.goto("/admin/products");
  await page
    .getByRole("form", { name: "Import a CSV file" })
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles(file("29.00"));
  await page.getByRole("button", { name: "Preview the import" }).click();
  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Import applied: 1 product changed, 0 created.",
  );
  await expectNoAxeViolations(page);
  await page.goto(`/admin/products/${id}`);
  await expect(
    option(page, "Option: Rashguard").getByLabel("Price (£)", { exact: true }),
  ).toHaveValue("29.00");

  // A file with a bad cell names its row and column and changes nothing.
  await page.goto("/admin/products");
  await page
    .getByRole("form", { name: "Import a CSV file" })
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles(file("lots"));
  await page.getByRole("button", { name: "Preview the import" }).click();
  const errors = page.getByRole("region", { name: "The file was not imported" });
  await expect(errors.getByRole("row", { name: /price/ })).toContainText("2");
  await expectNoAxeViolations(page);
  await shot(page, "import-errors");
});
