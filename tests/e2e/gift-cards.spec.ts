import {
  cartLines,
  expect,
  expectNoAxeViolations,
  fillPaymentForm,
  mailTo,
  signInOwner,
  test,
} from "./fixtures";

// Issue 54 (X-GIFT-1..4): a £25 card bought for someone, its e-mail opened, its balance checked,
// and it spent on kit with the rest paid by card; with JavaScript and without, at 390 and 1280 px.
// Screenshots go to /tmp/gift-*.png to be looked at.

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
      // With JavaScript the add is answered in place: the page changes only after it is.
      if (javaScriptEnabled) await expect(page.getByTestId("cart-badge")).toHaveText("1");
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

    test('X-GIFT-3: when gift cards cover the whole order, checkout asks "Your details" (the e-mail focused), names each empty field in the error pattern keeping what was typed, then pays with no payment page', async ({
      page,
    }) => {
      test.slow();
      const width = page.viewportSize()?.width ?? 0;
      const tag = `${width}-${javaScriptEnabled ? "js" : "nojs"}`;
      // A £100 card issued by the owner (it covers knee pads and their delivery).
      await page.goto("/admin/gift-cards");
      await signInOwner(page);
      await page.goto("/admin/gift-cards");
      await page.getByLabel("Amount (£)").fill("100");
      await page.getByLabel("For (name)").fill(`Details ${tag}`);
      await page.getByLabel("Reason (a prize, goodwill)").fill("Browser test");
      await page.getByRole("button", { name: "Issue gift card" }).click();
      const issued = page.getByText(/shown this once: /);
      await expect(issued).toBeVisible();
      const code = /shown this once: (\S+)/.exec((await issued.textContent())!)![1]!;
      // The owner's cookie goes: the checkout is the customer's.
      await page.context().clearCookies();

      await page.goto("/product/knee-pads");
      await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
      // With JavaScript the add is answered in place: the page changes only after it is.
      if (javaScriptEnabled) await expect(page.getByTestId("cart-badge")).toHaveText("1");
      await page.goto("/cart");
      await expect(cartLines(page)).toHaveCount(1);
      await page.goto("/checkout");
      await page.getByLabel("Gift card").fill(code);
      await page.getByRole("button", { name: /^Pay £/ }).click();

      // Asked first: the fields, with the focus on the e-mail, no errors yet; the code is kept.
      const details = page.getByRole("group", { name: "Your details" });
      await expect(details).toBeVisible();
      await expect(details.getByLabel("E-mail")).toBeFocused();
      await expect(page.getByTestId("error-summary")).toHaveCount(0);
      await expect(page.getByLabel("Gift card")).toHaveValue(code);
      for (const label of ["First name", "Last name", "Address", "Town or city", "Postcode"]) {
        await expect(details.getByLabel(label)).toBeVisible();
      }
      await expect(page).toHaveURL(/\/checkout$/);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/gift-details-asked-${tag}.png`, fullPage: true });

      // Only the e-mail given: every empty field is named at once, the summary takes the focus
      // and links to each field, each field says so and is marked invalid; the e-mail is kept.
      const email = `details-${tag}-${Date.now()}@example.com`;
      await details.getByLabel("E-mail").fill(email);
      await page.getByRole("button", { name: /^Pay £/ }).click();
      const summary = page.getByTestId("error-summary");
      await expect(summary).toBeFocused();
      const missing = [
        ["First name", "Enter your first name."],
        ["Last name", "Enter your last name."],
        ["Address", "Enter the delivery address."],
        ["Town or city", "Enter the town or city."],
        ["Postcode", "Enter the postcode."],
      ] as const;
      for (const [label, sentence] of missing) {
        await expect(summary.getByRole("link", { name: sentence })).toBeVisible();
        const field = details.getByLabel(label);
        await expect(field).toHaveAttribute("aria-invalid", "true");
        await expect(field).toHaveAccessibleDescription(new RegExp(sentence.replace(".", "\\.")));
      }
      await expect(details.getByLabel("E-mail")).toHaveValue(email);
      await expect(details.getByLabel("E-mail")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Gift card")).toHaveValue(code);
      // The summary's link takes the keyboard to its field (the script's jump; without it, the
      // link is to the field's id).
      const toPostcode = summary.getByRole("link", { name: "Enter the postcode." });
      await expect(toPostcode).toHaveAttribute(
        "href",
        `#${(await details.getByLabel("Postcode").getAttribute("id"))!}`,
      );
      if (javaScriptEnabled) {
        await toPostcode.click();
        await expect(details.getByLabel("Postcode")).toBeFocused();
      }
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/gift-details-errors-${tag}.png`, fullPage: true });

      // All given: paid at once by the card, straight to the confirmation, no payment page.
      await details.getByLabel("First name").fill("Ines");
      await details.getByLabel("Last name").fill("Okafor");
      await details.getByLabel("Address").fill("12 Quay Street");
      await details.getByLabel("Town or city").fill("Bristol");
      await details.getByLabel("Postcode").fill("BS1 4DJ");
      await page.getByRole("button", { name: /^Pay £/ }).click();
      await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
      await expect(page.getByTestId("order-number")).not.toBeEmpty();
      await page.screenshot({ path: `/tmp/gift-details-paid-${tag}.png`, fullPage: true });
      const balance = await page.request.post("/api/gift-cards/balance", { data: { code } });
      expect(((await balance.json()) as { balance_pence: number }).balance_pence).toBeLessThan(
        10000,
      );
      expect((await mailTo(email)).length).toBeGreaterThan(0);
    });
  });
}
