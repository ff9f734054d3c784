import { randomUUID } from "node:crypto";
import { expect, expectNoAxeViolations, mailTo, signInOwner, test } from "./fixtures";

// tests/e2e/stock-seed.json: the men's hoodie in M, Grey is sold out.
const HOODIE = "/product/mens-grip-truth-hoodie";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 390, height: 844 } });

    test(`X-FIT-3 X-SEC-24: a sold-out size offers "E-mail me when it's back": a form, a confirm link by e-mail (390 px, JS ${javaScriptEnabled ? "on" : "off"})`, async ({
      page,
    }) => {
      const email = `alert-${randomUUID().slice(0, 8)}@example.com`;
      await page.goto(HOODIE);
      await page.getByText("Sold out in your size? E-mail me when it's back").click();
      await page.getByLabel("Size", { exact: true }).selectOption({ label: "M, Grey" });
      await page.getByLabel("Your e-mail").fill(email);
      await page.getByRole("button", { name: "E-mail me when it's back" }).click();
      await expect(page.getByText(`e-mailed ${email} a link to confirm`)).toBeVisible();
      const mail = await mailTo(email);
      expect(mail).toContain("Mens Grip Truth Hoodie (Hoodies, size M, Grey)");
      expect(mail).toMatch(/\/stock-alerts\/unsubscribe\//);
      const confirm = /http\S+\/stock-alerts\/confirm\/\S+/.exec(mail)![0];
      // X-SEC-24: the link's page asks; only its button (a POST) confirms.
      await page.goto(new URL(confirm).pathname);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your alert");
      await page.getByRole("button", { name: "Confirm my alert" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alert confirmed");
      await expect(page.getByText("once when size M in Grey is back in stock")).toBeVisible();
    });
  });
}

test("X-FIT-3: the form passes axe; the owner sees waiting alerts on the stock page", async ({
  page,
  request,
}) => {
  const email = `owner-view-${randomUUID().slice(0, 8)}@example.com`;
  const asked = await request.post("/api/stock-alerts", {
    data: {
      productId: "mens-grip-truth-hoodie",
      optionType: "Hoodies",
      size: "M",
      color: "Grey",
      email,
    },
  });
  expect(asked.status()).toBe(202);
  const inStock = await request.post("/api/stock-alerts", {
    data: {
      productId: "mens-grip-truth-hoodie",
      optionType: "Hoodies",
      size: "L",
      color: "Grey",
      email,
    },
  });
  expect(inStock.status()).toBe(409);
  const confirm = /http\S+\/stock-alerts\/confirm\/\S+/.exec(await mailTo(email))![0];
  await page.goto(new URL(confirm).pathname);
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alert confirmed");
  await page.goto(HOODIE);
  await page.getByText("Sold out in your size? E-mail me when it's back").click();
  await expectNoAxeViolations(page);
  await page.goto("/admin/stock?q=hoodie");
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin\/stock\?q=hoodie$/);
  await expect(page.getByText(/\d+ waiting for an e-mail/).first()).toBeVisible();
});

test("X-FIT-3: the e-mail's link to a size chooses it on the product page", async ({ page }) => {
  await page.goto(`${HOODIE}?optionType=Hoodies&size=L&color=Grey`);
  await expect(
    page.getByRole("group", { name: /^Size/ }).getByRole("radio", { name: "L", exact: true }),
  ).toBeChecked();
});
