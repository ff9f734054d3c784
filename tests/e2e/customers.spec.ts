import { buyGi, expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

test("X-DAY-4: the owner finds a customer by e-mail and opens their orders", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `customer-${testInfo.project.name}-${Date.now()}@example.com`;
  const first = await buyGi(request, email, "ONE");
  const second = await buyGi(request, email, "TWO");

  await page.goto("/admin/customers");
  await signInOwner(page);
  await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
  await page.getByLabel("Search", { exact: true }).fill(email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 customer", { exact: true })).toBeVisible();
  const row = page.getByRole("link", { name: new RegExp(email) });
  await expect(row).toContainText("Rosa Mendes");
  await expect(row).toContainText("2 orders");
  await expectNoAxeViolations(page);
  await shot(page, "customers");

  await row.click();
  await expect(page.getByRole("heading", { name: "Rosa Mendes", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: first })).toBeVisible();
  await expect(page.getByRole("link", { name: second })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "customer");

  const api = await page.request.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
  expect(await api.json()).toMatchObject({
    customers: [{ email, name: "Rosa Mendes", orders: 2 }],
    total: 1,
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-DAY-4: the customer search works as a plain form", async ({ page }) => {
    await page.goto("/admin/customers");
    await signInOwner(page);
    await page.getByLabel("Search", { exact: true }).fill("nobody-at-all@example.invalid");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\/customers\?q=nobody-at-all/);
    await expect(page.getByText("No customers match.")).toBeVisible();
  });
});
