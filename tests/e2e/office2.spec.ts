import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import {
  adminNav,
  closeAdminNav,
  expect,
  expectNoAxeViolations,
  shot,
  signInOwner,
  test,
} from "./fixtures";

// X-OPS-7..9: reviews, enquiries and discount codes in the back office.
// The owner scripts/e2e-server.mjs creates at start.
async function signIn(page: Page, next: string) {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await signInOwner(page);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

// Products no other browser test writes reviews for: one per project.
const productFor = (info: TestInfo) =>
  info.project.name === "mobile" ? "gear-wash-kit" : "mouth-guard-set";

test("X-OPS-7: the owner hides a review and it is gone from the product page and its rating", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const productId = productFor(testInfo);
  const tag = randomUUID().slice(0, 8);
  const keep = `Kept ${tag}`;
  const spam = `Spam ${tag}`;
  for (const [name, rating, text] of [
    [keep, 5, "Fits well and survived a month of rolls."],
    [spam, 1, `Buy cheap watches at spam-${tag}.example`],
  ] as const) {
    const response = await request.post(`/api/products/${productId}/reviews`, {
      data: {
        customer_name: name,
        customer_email: "reviewer@example.com",
        rating,
        review_text: text,
        photo_urls: [],
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/product/${productId}`);
  await expect(page.locator("#reviews")).toContainText(spam);

  await signIn(page, "/admin/reviews");
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: spam });
  await expect(card).toContainText("reviewer@example.com");
  await expect(card).toContainText("Rating 1 out of 5");
  await expectNoAxeViolations(page);
  await card.getByRole("button", { name: `Hide the review by ${spam}` }).click();
  await expect(page.getByRole("status")).toHaveText("Review hidden.");
  await expect(card).toContainText("Hidden");
  await expectNoAxeViolations(page);
  await shot(page, "reviews");

  await page.goto(`/product/${productId}`);
  await expect(page.locator("#reviews")).toContainText(keep);
  await expect(page.locator("body")).not.toContainText(spam);
  const html = await (await request.get(`/product/${productId}`)).text();
  expect(html).not.toContain(spam);
  expect(html).toContain('"reviewCount":1');
  const api = await (await request.get(`/api/products/${productId}/reviews`)).text();
  expect(api).not.toContain(spam);

  // Delete asks first, then removes it for good.
  await page.goto("/admin/reviews");
  const hidden = page.getByRole("article").filter({ hasText: spam });
  await hidden.getByText("Delete", { exact: true }).click();
  await expect(hidden).toContainText("This removes the review and its photos for good.");
  await hidden.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("status")).toHaveText("Review deleted with its photos.");
  await expect(page.getByRole("article").filter({ hasText: spam })).toHaveCount(0);
});

test("X-OPS-9: the owner creates a code and a customer uses it at checkout", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const code = `CLUB${testInfo.project.name === "mobile" ? "M" : "D"}${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, "/admin/discounts");
  await expect(page.getByRole("heading", { name: "Discount codes", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "SAVE10", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "SAVE20", exact: true })).toBeVisible();
  const form = page.getByRole("region", { name: "New code" });
  await form.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await form.getByLabel("Percent off").fill("15");
  await form.getByLabel("Minimum spend (£, optional)").fill("10");
  await form.getByLabel("Usage limit (optional)").fill("5");
  await form.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByRole("status")).toHaveText(`${code} created.`);
  const entry = page.getByRole("region", { name: code, exact: true });
  await expect(entry).toContainText("0 of 5");
  await expect(entry).toContainText("£10.00");
  await expectNoAxeViolations(page);
  await shot(page, "discounts");

  // A customer uses it (the same browser: the owner's session plays no part in checkout).
  const customer = page;
  await customer.goto("/accessories");
  await customer.getByRole("button", { name: /Add to Cart.*Mouth Guard Set/ }).click();
  await expect(customer.getByTestId("cart-badge")).toHaveText("1");
  await customer.goto("/checkout");
  const subtotal = (await customer.getByTestId("subtotal").textContent())!.trim();
  const subtotalPence = Math.round(Number(subtotal.replace("£", "")) * 100);
  const discount = Math.round(subtotalPence * 0.15);
  await customer.getByLabel("Discount code").fill(code.toLowerCase());
  await customer.getByRole("button", { name: "Apply" }).click();
  await expect(customer.getByText(`${code} applied: 15% off your items.`)).toBeVisible();
  await expect(customer.getByTestId("discount")).toHaveText(`-£${(discount / 100).toFixed(2)}`);
  await customer.getByRole("button", { name: /^Pay £/ }).click();
  await expect(customer).toHaveURL(/\/payment\?session_id=cs_test_/);
  await page.goto("/admin/discounts");
  // The pending order holds its use.
  await expect(page.getByRole("region", { name: code, exact: true })).toContainText("1 of 5");
  // Disabled, the code is refused.
  await page
    .getByRole("region", { name: new RegExp(`^${code}`) })
    .getByRole("button", { name: `Disable ${code}` })
    .click();
  await expect(page.getByRole("status")).toHaveText(`${code} saved.`);
  const check = await page.request.post("/api/discounts/validate", { data: { code } });
  expect(check.status()).toBe(404);
});

test("X-OPS-8: the owner opens an enquiry, replies by e-mail and marks it handled", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const academy = `Dojo ${randomUUID().slice(0, 8)}`;
  const sent = await request.post("/api/enquiries", {
    data: {
      name: "Sam Reyes",
      email: "sam@dojo.example",
      academy,
      garmentTypes: ["Gis"],
      quantity: "10-24",
      message: "Twenty gis with our crest on the back, please.",
    },
  });
  expect(sent.status()).toBe(201);
  await signIn(page, "/admin/enquiries");
  const nav = await adminNav(page);
  await expect(nav.getByRole("link", { name: /Enquiries/ })).toContainText(/\d/);
  await closeAdminNav(page);
  await expectNoAxeViolations(page);
  await shot(page, "enquiries");
  await page.getByRole("link", { name: new RegExp(academy) }).click();
  await expect(page.getByRole("heading", { name: `Enquiry from ${academy}` })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(
    "Twenty gis with our crest on the back, please.",
  );
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    /^mailto:sam@dojo\.example\?subject=/,
  );
  await expect(page.getByText("Not handled yet.")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "enquiry");
  await page.getByRole("button", { name: "Mark handled" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked handled.");
  await expect(page.getByText(/^Handled on .* by owner@griptruth\.test\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
  await page.goto("/admin/enquiries");
  await expect(page.getByRole("link", { name: new RegExp(academy) })).toContainText("Handled");
});
