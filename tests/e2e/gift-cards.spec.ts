import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, mailTo, test } from "./fixtures";

// Issue 54 (X-GIFT-1..4): a £25 card bought for someone, its e-mail opened, its balance checked,
// and it spent on kit with the rest paid by card; with JavaScript and without, at 390 and 1280 px.
// Screenshots go to /tmp/gift-*.png to be looked at.

async function fillPaymentForm(page: Page, email: string) {
  const shipping = page.getByRole("group", { name: "Shipping" });
  await shipping.getByLabel("First name").fill("Ines");
  await shipping.getByLabel("Last name").fill("Okafor");
  await shipping.getByLabel("Address").fill("12 Quay Street");
  await shipping.getByLabel("Town or city").fill("Bristol");
  await shipping.getByLabel("Postcode").fill("BS1 4DJ");
  await shipping.getByLabel("E-mail").fill(email);
  await shipping.getByLabel("Phone").fill("07700 900123");
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Name on card").fill("INES OKAFOR");
  await card.getByLabel("Expiry (MM/YY)").fill("12/34");
  await card.getByLabel("CVV").fill("123");
}

const cartLines = (page: Page) =>
  page.getByRole("main").getByRole("list", { name: "Items in your cart" }).locator(":scope > li");

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("X-GIFT-1 X-GIFT-2 X-GIFT-3 X-GIFT-4: a £25 card bought, its e-mail opened, its balance checked, and spent on kit with the rest paid by card", async ({
      page,
    }, testInfo) => {
      test.slow();
      const width = page.viewportSize()?.width ?? 0;
      const tag = `${width}-${javaScriptEnabled ? "js" : "nojs"}`;
      const recipient = `gift-${tag}-${Date.now()}@example.com`;

      // 1. Buy: the form puts the card in the cart.
      await page.goto("/gift-cards");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gift cards");
      // A wrong e-mail is named at its field.
      await page.getByRole("radio", { name: "£25" }).check();
      await page.getByLabel("Their name").fill("Maya");
      await page.getByLabel("Their e-mail address").fill("not-an-address");
      await page.getByRole("button", { name: "Add gift card to cart" }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toContainText("Enter the recipient's e-mail address");
      await expect(page.getByLabel("Their e-mail address")).toHaveAttribute("aria-invalid", "true");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/gift-form-error-${tag}.png`, fullPage: true });
      await page.getByLabel("Their e-mail address").fill(recipient);
      await page.getByLabel("Your message (optional)").fill("Well done on your blue belt!");
      await page.getByRole("button", { name: "Add gift card to cart" }).click();
      await expect(page).toHaveURL(/\/cart$/);
      await expect(cartLines(page)).toHaveCount(1);
      await expect(cartLines(page).first()).toContainText("Gift card");
      await expect(cartLines(page).first()).toContainText("£25.00");
      await page.screenshot({ path: `/tmp/gift-cart-${tag}.png`, fullPage: true });

      // 2. Pay for it by card: no delivery charge.
      await page.getByRole("link", { name: "Checkout" }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page).toHaveURL(/\/payment\?session_id=/);
      await fillPaymentForm(page, `buyer-${tag}-${Date.now()}@example.com`);
      await page.getByRole("button", { name: "Pay £25.00" }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
      await expect(page.getByTestId("amount-paid")).toHaveText("£25.00");

      // 3. The recipient's e-mail, with the code.
      const mail = await mailTo(recipient);
      expect(mail).toContain("Well done on your blue belt!");
      const code = /Your gift card code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(
        mail,
      )![1]!;

      // 4. Its balance.
      await page.goto("/gift-cards/balance");
      await page.getByLabel("Gift card code").fill(code.toLowerCase());
      await page.getByRole("button", { name: "Check balance" }).click();
      await expect(page.getByTestId("gift-card-balance")).toHaveText("£25.00");
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/gift-balance-${tag}.png`, fullPage: true });

      // 5. Spent on kit, the rest paid by card.
      await page.goto("/product/knee-pads");
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      await page.goto("/cart");
      await expect(cartLines(page)).toHaveCount(1);
      await page.goto("/checkout");
      await page.getByLabel("Gift card").fill(code);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page).toHaveURL(/\/payment\?session_id=/);
      await expect(page.getByTestId("gift-cards")).toHaveText("-£25.00");
      const due = (await page.getByTestId("amount-due").textContent())!;
      const total = (await page.getByTestId("total").textContent())!;
      const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);
      expect(pence(due)).toBe(pence(total) - 2500);
      await page.screenshot({ path: `/tmp/gift-payment-${tag}.png`, fullPage: true });
      await fillPaymentForm(page, `spender-${tag}-${Date.now()}@example.com`);
      await page.getByRole("button", { name: `Pay ${due}` }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
      await expect(page.getByTestId("amount-paid")).toHaveText(total);

      // Spent in full now: its balance is £0.00.
      const answer = await page.request.post("/api/gift-cards/balance", { data: { code } });
      expect(answer.status()).toBe(200);
      expect(((await answer.json()) as { balance_pence: number }).balance_pence).toBe(0);
      void testInfo;
    });
  });
}
