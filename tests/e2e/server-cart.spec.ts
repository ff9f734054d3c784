import type { Page } from "@playwright/test";
import {
  cartLines,
  expect,
  expectNoAxeViolations,
  fillPaymentForm,
  holdScripts,
  test,
} from "./fixtures";

// Issue 25 (X-PE-1, X-PE-2): the cart lives on the server, so buying works before the page's
// JavaScript has run and without it.

const PRODUCT = "/product/mens-ranked-gorilla-no-gi-set";
const choose = (page: Page, group: string, value: string) =>
  page
    .getByRole("group", { name: new RegExp(`^${group}`) })
    .getByText(value, { exact: true })
    .click();

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-PE-1 X-PE-2: a Ranked Gorilla rashguard bought from product page to confirmation", async ({
    page,
  }, testInfo) => {
    test.slow();
    await page.goto(PRODUCT);
    // A belt rank but no size: the server refuses in the product page's words, choices kept.
    await choose(page, "Belt rank", "Blue");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const form = page.getByRole("form", { name: "Choose options" });
    await expect(form.getByRole("alert")).toHaveText("Please select a size.");
    await expect(form.getByRole("radio", { name: "Blue" })).toBeChecked();
    await choose(page, "Size", "M");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();

    await expect(page).toHaveURL(/\/cart\?added=1$/);
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText("Added to Cart!");
    await expect(cartLines(page)).toHaveCount(1);
    await expect(cartLines(page).first()).toContainText("Size: M");
    await expect(cartLines(page).first()).toContainText("Belt rank: Blue");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("line-total")).toHaveText("£69.98");

    await page.getByRole("link", { name: "Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel("Discount code").fill("save10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText("SAVE10 applied: 10% off your items.")).toBeVisible();
    await expect(page.getByTestId("discount")).toHaveText("-£7.00");
    await page.getByLabel(/UK express/).check();
    await page.getByRole("button", { name: /^Pay £/ }).click();

    await expect(page).toHaveURL(/\/payment\?session_id=/);
    await expect(page.getByRole("main")).toContainText("£71.97");
    await fillPaymentForm(page, `nojs-${testInfo.project.name}-${Date.now()}@example.com`);
    await page.getByRole("button", { name: /^Pay £/ }).click();

    await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you for your order!");
    await expect(page.getByTestId("order-number")).toHaveText(/^GT-\d+$/);
    await expect(page.getByTestId("amount-paid")).toHaveText("£71.97");
    // The cart was emptied with the payment.
    await page.goto("/cart");
    await expect(page.getByRole("main").getByText("Your cart is empty")).toBeVisible();
  });
});

test("X-PE-1 X-PE-2: with the scripts held back until the line is in, a size picked and Add to Cart tapped at once adds the line, and it stays after hydration", async ({
  page,
}) => {
  test.slow();
  const scripts = await holdScripts(page);
  await page.goto(PRODUCT, { waitUntil: "commit" });
  await choose(page, "Size", "L");
  await choose(page, "Belt rank", "Purple");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page).toHaveURL(/\/cart\?added=1$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText("Size: L");
  await scripts.release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText("Belt rank: Purple");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expectNoAxeViolations(page);
});

test("X-PE-2: choices made before hydration survive it", async ({ page }) => {
  test.slow();
  const scripts = await holdScripts(page);
  await page.goto(PRODUCT, { waitUntil: "commit" });
  await choose(page, "Size", "S");
  await choose(page, "Belt rank", "Brown");
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await scripts.release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
  const form = page.getByRole("form", { name: "Choose options" });
  await expect(form.getByRole("radio", { name: "S", exact: true })).toBeChecked();
  await expect(form.getByRole("radio", { name: "Brown" })).toBeChecked();
  await expect(page.getByRole("spinbutton", { name: "Quantity" })).toHaveValue("3");
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Added to Cart!" })).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`));
});
