import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

// The catalogue lives on the server (X-CAT-1): the cart keeps what it was shown and asks the
// server for today's prices; a line the shop no longer sells is shown with its sentence.

/** A cart as an earlier visit left it: a no-gi set in a size the shop does not sell, and a bag
 *  stored at a price that has changed since. */
const STORED_CART = {
  version: 2,
  lines: [
    {
      productId: "mens-england-no-gi-set",
      optionType: "Rashguard",
      size: "XXXL",
      quantity: 1,
      productName: "Mens England No-Gi Set",
      unitPricePence: 3499,
    },
    {
      productId: "premium-gym-bag",
      optionType: "Standard",
      size: "N/A",
      quantity: 1,
      productName: "Premium Gym Bag",
      unitPricePence: 100,
    },
  ],
};

async function withStoredCart(page: Page) {
  await page.addInitScript((cart) => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("gt-cart", JSON.stringify(cart));
      sessionStorage.setItem("seeded", "1");
    }
  }, STORED_CART);
}

test("X-CAT-3: the cart prices a kept cart again on the server and says which line is no longer sold", async ({
  page,
}) => {
  await withStoredCart(page);
  await page.goto("/accessories");
  await page.getByRole("button", { name: /^Open cart/ }).click();
  const panel = page.getByRole("dialog", { name: "Your Cart" });
  await expect(panel.getByTestId("line-problem")).toHaveText(
    "Sorry, Mens England No-Gi Set in Rashguard XXXL is no longer available.",
  );
  // The bag's price is today's, not the one kept in the browser; the gone line is not counted.
  await expect(panel.getByTestId("cart-total")).toHaveText("£79.99");
  await expectNoAxeViolations(page);
  await panel.getByRole("button", { name: "Remove Mens England No-Gi Set from the cart" }).click();
  await expect(panel.getByTestId("line-problem")).toHaveCount(0);
});

test("X-CAT-3: checkout shows the sentence against a line the shop no longer sells", async ({
  page,
}) => {
  await withStoredCart(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("line-error").first()).toHaveText(
    "Sorry, Mens England No-Gi Set in Rashguard XXXL is no longer available.",
  );
});

test("X-CAT-1: a product whose options cost different amounts is priced 'From'", async ({
  page,
}) => {
  await page.goto("/product/mens-england-no-gi-set");
  await expect(page.getByRole("main").getByText(/^From/).first()).toBeVisible();
  await page.goto("/product/premium-gym-bag");
  await expect(page.getByRole("main").getByText(/^From/)).toHaveCount(0);
});
