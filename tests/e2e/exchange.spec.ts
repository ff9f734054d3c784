import {
  buyHoodies,
  dispatchOrder,
  expect,
  expectNoAxeViolations,
  mailsTo,
  shot,
  test,
} from "./fixtures";

test("X-FIT-2: a buyer asks for a different size without JavaScript, the owner receives it and sends the replacement", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `swap-${testInfo.project.name}-${Date.now()}@example.com`;
  const { orderNumber } = await buyHoodies(request, email, 1);
  await dispatchOrder(page, orderNumber);

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
  const exchanges = page.getByRole("region", { name: "Exchanges" });
  await expect(exchanges).toContainText(
    "1 × Hoodies in size XL: To make (made to order; no new payment)",
  );
  // Made and sent: the replacement's own parcel, and the buyer told with its tracking number.
  await shot(page, "exchange-to-dispatch");
  const dispatch = exchanges.getByRole("form", { name: "Dispatch the exchange in size XL" });
  await dispatch.getByLabel("Carrier").selectOption("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("RM246813579GB");
  await dispatch.getByRole("button", { name: "Mark the exchange dispatched" }).click();
  await expect(
    page.getByText("Exchange in size XL dispatched; the customer has been e-mailed."),
  ).toBeVisible();
  await expect(exchanges).toContainText(
    "size XL: Dispatched with Royal Mail, tracking RM246813579GB",
  );
  await expectNoAxeViolations(page);
  await shot(page, "exchange-dispatched");
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.includes("RM246813579GB")))
    .toBe(true);
});
