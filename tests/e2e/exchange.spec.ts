import {
  buyItems,
  expect,
  expectNoAxeViolations,
  mailsTo,
  shot,
  signInOwner,
  test,
} from "./fixtures";

test("X-FIT-2: a buyer asks for a different size without JavaScript and the owner receives it", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `swap-${testInfo.project.name}-${Date.now()}@example.com`;
  const hoodie = {
    productId: "mens-grip-truth-hoodie",
    optionType: "Hoodies",
    size: "L",
    color: "Grey",
  };
  const { orderNumber } = await buyItems(request, email, [{ ...hoodie, quantity: 1 }]);

  await page.goto(`/admin/orders/${orderNumber}`);
  await signInOwner(page);
  await page.getByRole("button", { name: "Mark in production" }).click();
  await expect(page.getByRole("status")).toHaveText("Order in production.");
  await page.getByLabel("Carrier").selectOption("DPD");
  await page.getByLabel("Tracking number").fill("15501234567");
  await page.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(page.getByRole("status")).toHaveText("Order dispatched.");

  // The buyer, with JavaScript off: a real form the server answers.
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: false,
  });
  const customer = await context.newPage();
  await customer.goto(`/returns/request?order=${orderNumber}`);
  await customer.getByLabel("E-mail", { exact: true }).fill(email);
  await customer.getByRole("button", { name: "Find my order" }).click();
  await customer.getByLabel(/Hoodie/).check();
  const choice = customer.getByLabel("Refund or a different size");
  await expect(choice.getByRole("option", { name: "Size XL (made to order)" })).toHaveCount(1);
  await choice.selectOption("XL");
  await customer.getByLabel("Reason for returning").fill("Too tight across the shoulders.");
  await shot(customer, "exchange-request");
  // axe needs a script in the page: the same step, with JavaScript, is checked on its own.
  const checker = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await checker.goto(`/returns/request?order=${orderNumber}`);
  await checker.getByLabel("E-mail", { exact: true }).fill(email);
  await checker.getByRole("button", { name: "Find my order" }).click();
  await expect(checker.getByLabel("Refund or a different size")).toBeVisible();
  await expectNoAxeViolations(checker);
  await checker.context().close();
  await customer.getByRole("button", { name: "Send return request" }).click();
  const reference = (await customer.getByTestId("return-reference").textContent())!.trim();
  await context.close();

  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.includes("exchange for size XL")))
    .toBe(true);

  await page.goto("/admin/returns");
  const card = () => page.getByTestId("return-request").filter({ hasText: reference });
  await expect(card()).toContainText("Asks for size XL instead of a refund");
  await card()
    .getByRole("button", { name: /Mark received/ })
    .click();
  await expect(card()).toContainText(
    "Exchange: size XL is made to order, to make (no new payment).",
  );
  await expectNoAxeViolations(page);
  await shot(page, "exchange-received");
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.includes("Size XL is made to order")))
    .toBe(true);

  await page.goto(`/admin/orders/${orderNumber}`);
  await expect(page.getByRole("region", { name: "Exchanges" })).toContainText(
    "1 × Hoodies in size XL: To make (made to order; no new payment)",
  );
});
