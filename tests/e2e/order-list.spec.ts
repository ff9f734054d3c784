import { buyGi, expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

test("X-DAY-3: the order list and page show the delivery, express standing out; 'To make', 'To ship' and 'Awaiting payment' filters", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const express = await buyGi(request, `express-${stamp}@example.com`, "FAST", "uk-express");
  const standard = await buyGi(request, `standard-${stamp}@example.com`, "SLOW");

  await page.goto(`/admin/orders?q=${encodeURIComponent(`-${stamp}@`)}`);
  await signInOwner(page);
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: express }).getByTestId("delivery-method")).toHaveText(
    "Express",
  );
  await expect(rows.filter({ hasText: standard }).getByTestId("delivery-method")).toHaveText(
    "Standard",
  );
  await expectNoAxeViolations(page);
  await shot(page, "order-list");

  const filters = page.getByRole("navigation", { name: "Quick filters" });
  await filters.getByRole("link", { name: "To make" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=paid$/);
  await expect(filters.getByRole("link", { name: "To make" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("link", { name: express, exact: true })).toBeVisible();

  await filters.getByRole("link", { name: "To ship" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=in_production$/);
  await filters.getByRole("link", { name: "Awaiting payment" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(page.getByLabel("Status")).toHaveValue("pending");

  await page.goto(`/admin/orders/${express}`);
  await expect(page.getByTestId("order-delivery")).toHaveText("UK express (1-2 working days)");
  await expect(page.getByTestId("delivery-method")).toHaveText("Express");
  await expectNoAxeViolations(page);
});
