import {
  buyGi,
  buyHoodies,
  dispatchOrder,
  expect,
  expectNoAxeViolations,
  mailsTo,
  shot,
  signInOwner,
  test,
} from "./fixtures";

test("X-DAY-1: a refund asks first, keeps its reason, and leaves the amount empty again", async ({
  page,
  request,
}, testInfo) => {
  const email = `safe-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await buyGi(request, email, "SAFE");
  await page.goto(`/admin/orders/${orderNumber}`);
  await signInOwner(page);
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();

  const amount = page.getByLabel("Amount");
  await expect(amount).toHaveValue("");
  await amount.fill("5");
  await page.getByLabel("Reason (optional)").fill("Thread colour not as asked");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const step = page.getByTestId("confirm-step");
  await expect(step.getByRole("heading", { name: "Refund £5.00?" })).toBeFocused();
  await expect(step).toContainText("Reason: Thread colour not as asked");
  await expectNoAxeViolations(page);
  await shot(page, "refund-confirm");

  // Not yet: "Don't refund" leaves everything as it was.
  await step.getByRole("link", { name: "Don't refund" }).click();
  await expect(page.getByTestId("confirm-step")).toHaveCount(0);
  await expect(page.getByText("Nothing to refund.")).toHaveCount(0);

  await amount.fill("5");
  await page.getByLabel("Reason (optional)").fill("Thread colour not as asked");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  // The keyboard reaches the confirming button from the focused heading.
  await expect(step.getByRole("heading", { name: "Refund £5.00?" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Yes, refund £5.00" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toHaveText("Refunded £5.00.");
  await expect(amount).toHaveValue("");
  await expect(page.getByLabel("Reason (optional)")).toHaveValue("");
  await expect(page.getByTestId("order-history")).toContainText(
    "Reason: Thread colour not as asked",
  );
  // The audit log reads as sentences (issue 24 item 11).
  await expect(page.getByTestId("audit-entry").first()).toContainText(
    "Refunded £5.00 · Status: paid → partly refunded",
  );
  await expect(page.getByTestId("audit-entry").first()).not.toContainText("{");
  await expect
    .poll(async () => (await mailsTo(email)).find((m) => m.includes("We have refunded £5.00")))
    .toContain("Reason: Thread colour not as asked");
});

test("X-DAY-1: a paid order is cancelled with its refund after one confirmation, and told once", async ({
  page,
  request,
}, testInfo) => {
  const email = `cancel-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await buyGi(request, email, "CANCEL");
  await page.goto(`/admin/orders/${orderNumber}`);
  await signInOwner(page);
  await page.getByRole("button", { name: "Cancel and refund" }).click();
  const step = page.getByTestId("confirm-step");
  await expect(
    step.getByRole("heading", { name: /^Cancel order .* and refund £\d+\.\d\d\?$/ }),
  ).toBeFocused();
  await expectNoAxeViolations(page);
  await shot(page, "cancel-confirm");
  await step.getByRole("link", { name: "Keep the order" }).click();
  await expect(page.getByTestId("confirm-step")).toHaveCount(0);
  await page.getByRole("button", { name: "Cancel and refund" }).click();
  await page
    .getByTestId("confirm-step")
    .getByLabel("Reason for the refund (optional)")
    .fill("Wrong size ordered");
  await page.getByRole("button", { name: /^Yes, cancel and refund £/ }).click();
  await expect(page.getByRole("status")).toHaveText(/^Order cancelled and £\d+\.\d\d refunded\.$/);
  await expect(page.getByText("Nothing to refund.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel and refund" })).toHaveCount(0);
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => /cancelled|refunded/.test(m)).length)
    .toBe(1);
  expect(
    (await mailsTo(email)).find((m) => m.includes("has been cancelled and we have refunded")),
  ).toContain("Reason: Wrong size ordered");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("X-DAY-1: the refund's confirming step is a page and a second form", async ({
    page,
    request,
  }, testInfo) => {
    const orderNumber = await buyGi(
      request,
      `safe-nojs-${testInfo.project.name}-${Date.now()}@example.com`,
      "NOJS",
    );
    await page.goto(`/admin/orders/${orderNumber}`);
    await signInOwner(page);
    await page.getByLabel("Amount").fill("3.50");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Refund £3.50?" })).toBeVisible();
    await expect(page.getByText("Refunded £3.50.")).toHaveCount(0);
    await page.getByRole("button", { name: "Yes, refund £3.50" }).click();
    await expect(page.getByRole("status")).toHaveText("Refunded £3.50.");
    await expect(page.getByLabel("Amount")).toHaveValue("");
  });
});

test("X-DAY-1: a received return is refunded with its value suggested, put back in stock, and reads Refunded", async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `back-${testInfo.project.name}-${Date.now()}@example.com`;
  const { orderNumber } = await buyHoodies(request, email, 2);
  await dispatchOrder(page, orderNumber);

  // The customer sends both hoodies back.
  const customer = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await customer.goto(`/returns/request?order=${orderNumber}`);
  await customer.getByLabel("E-mail", { exact: true }).fill(email);
  await customer.getByRole("button", { name: "Find my order" }).click();
  await customer.getByLabel(/Hoodie/).check();
  await customer.getByLabel("Reason for returning").fill("Changed my mind.");
  await customer.getByRole("button", { name: "Send return request" }).click();
  const reference = (await customer.getByTestId("return-reference").textContent())!.trim();
  await customer.context().close();

  await page.goto("/admin/returns");
  const card = () => page.getByTestId("return-request").filter({ hasText: reference });
  await card()
    .getByRole("button", { name: /Mark received/ })
    .click();
  await expect(card()).toContainText("Received");
  const amount = card().getByLabel(`Refund amount for ${reference}`);
  // Two hoodies at £24.99.
  await expect(amount).toHaveValue("49.98");
  await expectNoAxeViolations(page);
  await shot(page, "return-received");
  await card()
    .getByRole("button", { name: `Refund ${reference}` })
    .click();
  await expect(
    page.getByRole("heading", { name: `Refund £49.98 for ${reference}?` }),
  ).toBeFocused();
  await page.getByRole("button", { name: "Yes, refund £49.98" }).click();
  await expect(page.getByRole("status")).toHaveText(`Refunded £49.98 for ${reference}.`);
  await expect(card().getByText("Refunded", { exact: true })).toBeVisible();
  await expect(card().getByRole("button", { name: /^Refund/ })).toHaveCount(0);

  await card()
    .getByRole("button", { name: /Put back in stock/ })
    .click();
  await expect(page.getByRole("status")).toHaveText("Put back in stock: 2 items.");
  await expect(card().getByRole("button", { name: /Put back in stock/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "return-refunded");
  await expect
    .poll(async () => (await mailsTo(email)).some((m) => m.includes("We have refunded £49.98")))
    .toBe(true);
});

test("X-DAY-1: an unpaid order is cancelled after a confirmation; its Cancelled badge passes axe's contrast check", async ({
  page,
  request,
}) => {
  const checkout = await request.post("/api/create-checkout-session", {
    data: {
      cartItems: [{ productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 1 }],
    },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const verify = await request.post("/api/verify-order", { data: { sessionId } });
  const { session } = (await verify.json()) as { session: { order_number: string } };
  await page.goto(`/admin/orders/${session.order_number}`);
  await signInOwner(page);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await expect(
    page.getByRole("heading", { name: `Cancel order ${session.order_number}?` }),
  ).toBeFocused();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status")).toHaveText("Order cancelled.");
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("audit-entry").first()).toHaveText(/^Status: pending → cancelled/);
  await expectNoAxeViolations(page);
  await shot(page, "cancelled");
});
