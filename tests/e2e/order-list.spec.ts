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
  await expect(page).toHaveURL(/\/admin\/orders\?work=to_make$/);
  await expect(filters.getByRole("link", { name: "To make" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("link", { name: express, exact: true })).toBeVisible();

  await filters.getByRole("link", { name: "To ship" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?work=to_ship$/);
  await filters.getByRole("link", { name: "Awaiting payment" }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
  await expect(page.getByLabel("Status")).toHaveValue("pending");
  // An unpaid checkout has no order number yet (X-DAY-3): it reads "Awaiting payment", with its
  // reference, and gets a number only when it is paid.
  const checkout = await request.post("/api/create-checkout-session", {
    data: {
      cartItems: [{ productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 1 }],
    },
  });
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const verify = await request.post("/api/verify-order", { data: { sessionId } });
  const reference = ((await verify.json()) as { session: { order_number: string } }).session
    .order_number;
  expect(reference).toMatch(/^CHK-\d+$/);
  await page.reload();
  const unpaid = page.getByRole("row").filter({ hasText: `Reference ${reference}` });
  await expect(unpaid.getByRole("link", { name: "Awaiting payment" })).toBeVisible();
  await expect(unpaid).not.toContainText("GT-");
  await expectNoAxeViolations(page);
  await unpaid.getByRole("link", { name: "Awaiting payment" }).click();
  await expect(page.getByRole("heading", { name: "Awaiting payment", level: 1 })).toBeVisible();
  await expect(page.getByText(`Reference ${reference}, no order number`)).toBeVisible();
  await shot(page, "awaiting-payment");

  await page.goto(`/admin/orders/${express}`);
  await expect(page.getByTestId("order-delivery")).toHaveText("UK express (1-2 working days)");
  await expect(page.getByTestId("delivery-method")).toHaveText("Express");
  await expectNoAxeViolations(page);
});
