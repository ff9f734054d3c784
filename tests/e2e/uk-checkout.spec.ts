import type { Page } from "@playwright/test";
import { dispatchOrder, expect, expectNoAxeViolations, mailTo, test } from "./fixtures";

const PERSONALISED = "Personalised: made for you, so it cannot be returned unless faulty";
// X-OWN-5: each line says the owner's window; the legal right is explained once beside it.
const CANCEL = "30-day returns";
const RIGHT = "30-day returns on non-personalised items: your 14-day right to cancel is included.";

async function addKneePads(page: Page, badge: string) {
  await page.goto("/accessories");
  await page.getByRole("button", { name: /Add to Cart.*Knee Pads/ }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText(badge);
}

async function payOnPaymentPage(page: Page, email: string, country?: string) {
  const shipping = page.getByRole("group", { name: "Shipping" });
  await shipping.getByLabel("First name").fill("Maya");
  await shipping.getByLabel("Last name").fill("Hart");
  await shipping.getByLabel("Address").fill("5 Esplanade");
  await shipping.getByLabel("Town or city").fill("Redcar");
  await shipping.getByLabel("Postcode").fill("TS10 3AA");
  if (country) await shipping.getByLabel("Country").fill(country);
  await shipping.getByLabel("E-mail").fill(email);
  await shipping.getByLabel("Phone").fill("07700 900456");
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Name on card").fill("MAYA HART");
  await card.getByLabel("Expiry (MM/YY)").fill("12/34");
  await card.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
}

test("X-UK-1 X-UK-2: choosing delivery changes the totals; international needs a non-UK address; the receipt agrees", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `intl-${testInfo.project.name}-${Date.now()}@example.com`;
  await addKneePads(page, "1");
  await page.goto("/checkout");
  const delivery = page.getByRole("group", { name: "Delivery" });
  await expect(
    delivery.getByRole("radio", { name: /UK standard \(2-5 working days\)/ }),
  ).toBeChecked();
  await expect(page.getByTestId("shipping")).toHaveText("£3.99");
  await expect(page.getByTestId("total")).toHaveText("£28.98");

  await delivery.getByRole("radio", { name: /UK express \(1-2 working days\)/ }).check();
  await expect(page.getByTestId("shipping")).toHaveText("£8.99");
  await expect(page.getByTestId("total")).toHaveText("£33.98");

  // Keyboard: arrow keys move through the radio group.
  await delivery.getByRole("radio", { name: /UK express/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(
    delivery.getByRole("radio", { name: /International \(7-14 working days\)/ }),
  ).toBeChecked();
  await expect(page.getByTestId("shipping")).toHaveText("£15.99");
  await expect(page.getByTestId("total")).toHaveText("£40.98");
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Pay £40.98" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  const summary = page.getByRole("complementary", { name: "Your order" });
  await expect(summary).toContainText("Shipping (International)");
  await expect(summary.getByTestId("shipping")).toHaveText("£15.99");

  // International starts with no country, and refuses a UK one.
  await expect(page.getByRole("group", { name: "Shipping" }).getByLabel("Country")).toHaveValue("");
  await payOnPaymentPage(page, email, "United Kingdom");
  await expect(page.getByTestId("error-summary")).toContainText(
    "International delivery is for addresses outside the United Kingdom. Please go back to the checkout and choose UK standard or UK express delivery.",
  );
  await payOnPaymentPage(page, email, "Ireland");
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  await expect(page.getByTestId("amount-paid")).toHaveText("£40.98");
  await expect(page.getByTestId("delivery-method")).toHaveText(
    "Delivery: International (7-14 working days)",
  );
  const receipt = page.getByRole("region", { name: "Your VAT receipt" });
  await expect(receipt.getByTestId("shipping")).toHaveText("£15.99");
  await expect(receipt.getByTestId("vat-amount")).toHaveText("£6.83"); // 40.98 / 6
  await expect(receipt.getByTestId("vat-number")).toHaveText("GB123456789");

  const mail = await mailTo(email);
  expect(mail).toContain("Delivery: International (7-14 working days)");
  expect(mail).toContain("Shipping: £15.99");
  expect(mail).toContain("Total paid: £40.98");
  expect(mail).toContain("VAT at 20%: £6.83");
  expect(mail).toContain("VAT number: GB123456789");
});

test("X-UK-3 X-UK-2 X-VAT-3: personalised lines are marked where the text is typed, in the cart, at checkout and in the confirmation", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = `notices-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/product/kids-grip-truth-bjj-gi");
  await page.getByRole("group", { name: /^Size/ }).getByText("M1", { exact: true }).click();
  await page.getByLabel(/Add name customisation/).check();
  const name = page.getByLabel("Name for the lapel");
  await expect(name).toHaveAccessibleDescription(new RegExp(PERSONALISED));
  await expect(page.getByText(PERSONALISED)).toBeVisible();
  await name.fill("MAYA");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await addKneePads(page, "2");

  await page.getByRole("button", { name: /^Open cart/ }).click();
  const panel = page.getByRole("dialog", { name: "Your Cart" });
  const cartLines = panel.getByRole("listitem").filter({ has: page.getByTestId("line-notice") });
  await expect(
    cartLines.filter({ hasText: "Kids Grip Truth BJJ Gi" }).getByTestId("line-notice"),
  ).toHaveText(PERSONALISED);
  await expect(cartLines.filter({ hasText: "Knee Pads" }).getByTestId("line-notice")).toHaveText(
    CANCEL,
  );
  await page.keyboard.press("Escape");

  await page.goto("/checkout");
  const items = page.getByRole("list", { name: "Items in your order" });
  await expect(
    items.getByRole("listitem").filter({ hasText: "Gi" }).getByTestId("line-notice"),
  ).toHaveText(PERSONALISED);
  await expect(
    items.getByRole("listitem").filter({ hasText: "Knee Pads" }).getByTestId("line-notice"),
  ).toHaveText(CANCEL);
  await expect(page.getByTestId("returns-notice")).toHaveText(RIGHT);
  // £84.98 of goods: UK standard is free, and says so.
  await expect(page.getByTestId("delivery-price-uk-standard")).toHaveText("Free");
  await expect(page.getByTestId("shipping")).toHaveText("Free");
  await page.getByRole("button", { name: "Pay £84.98" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await payOnPaymentPage(page, email);

  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  const receipt = page.getByRole("region", { name: "Your VAT receipt" });
  const ordered = receipt.getByRole("list", { name: "Items ordered" });
  await expect(
    ordered.getByRole("listitem").filter({ hasText: "Gi" }).getByTestId("line-notice"),
  ).toHaveText(PERSONALISED);
  await expect(
    ordered.getByRole("listitem").filter({ hasText: "Knee Pads" }).getByTestId("line-notice"),
  ).toHaveText(CANCEL);
  await expect(receipt.getByTestId("shipping")).toHaveText("Free");
  // Issue 49 item 6: the page's receipt names the seller as the e-mail does (X-UK-4, X-OWN-1).
  await expect(receipt.getByTestId("receipt-seller")).toContainText("GRIP TRUTH Ltd");
  await expect(receipt.getByTestId("returns-notice")).toHaveText(RIGHT);
  // X-VAT-3: the kids' gi is zero-rated; the knee pads carry VAT at 20% (24.99 / 6).
  await expect(receipt.getByText("VAT at 20%")).toBeVisible();
  await expect(receipt.getByTestId("vat-amount")).toHaveText("£4.17");
  await expect(receipt.getByTestId("vat-zero-rated")).toHaveText("£59.99");
  await expectNoAxeViolations(page);

  const mail = await mailTo(email);
  expect(mail).toContain(PERSONALISED);
  expect(mail).toContain(CANCEL);
  expect(mail).toContain("Your right to cancel");
  expect(mail).toContain(RIGHT);
  expect(mail).toContain("GRIP TRUTH Ltd");
});

test("X-UK-5 X-OPS-4: a return request starts from tracking, is refused before dispatch, then reaches the back office", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `return-${testInfo.project.name}-${Date.now()}@example.com`;
  await addKneePads(page, "1");
  await page.goto("/checkout");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await payOnPaymentPage(page, email);
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();

  await page.goto("/tracking");
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByTestId("order-status")).toBeVisible();
  await page.getByRole("link", { name: "Request a return" }).first().click();

  await expect(page).toHaveURL(/\/returns\/request\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: "Request a return" })).toBeVisible();
  await expect(page.getByLabel("Order number")).toHaveValue(orderNumber);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Find my order" }).click();
  await expect(page.getByTestId("error-summary")).toContainText(
    `Order ${orderNumber} has not been dispatched yet, so there is nothing to send back.`,
  );
  await expectNoAxeViolations(page);

  // The owner dispatches it in the back office.
  const owner = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await dispatchOrder(owner, orderNumber, "Royal Mail", "RM123456785GB");

  // Now the customer can send the knee pads back.
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Find my order" }).click();
  await page.getByLabel(/Knee Pads/).check();
  await page.getByLabel("Reason for returning").fill("Too small for me.");
  await page.getByRole("button", { name: "Send return request" }).click();
  const reference = (await page.getByTestId("return-reference").textContent())!.trim();
  await expectNoAxeViolations(page);

  // The owner sees it, on its own page and the order's, and marks the items received.
  await owner.goto("/admin/returns");
  const request = owner.getByTestId("return-request").filter({ hasText: reference });
  await expect(request).toContainText(orderNumber);
  await expect(request).toContainText("Too small for me.");
  await expectNoAxeViolations(owner);
  await request.getByRole("button", { name: /Mark received/ }).click();
  await expect(owner.getByTestId("return-request").filter({ hasText: reference })).toContainText(
    "Received",
  );
  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByTestId("return-request").filter({ hasText: reference })).toContainText(
    "Received",
  );
  await owner.context().close();
});

test("X-UK-5: the returns page links to the request form", async ({ page }) => {
  await page.goto("/returns");
  await page.getByRole("link", { name: "Request a return" }).click();
  await expect(page).toHaveURL(/\/returns\/request$/);
  await expect(page.getByLabel("Order number")).toBeVisible();
  await expect(page.getByLabel("E-mail", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
