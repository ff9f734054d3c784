import type { Page } from "@playwright/test";
import {
  buyGi,
  buyItems,
  expect,
  expectNoAxeViolations,
  mailsTo,
  shot,
  signInOwner,
  test,
} from "./fixtures";

/** Everything e-mailed to `email` that says `words`, once the outbox has sent it. */
async function mailSaying(email: string, words: string): Promise<string> {
  await expect
    .poll(async () => (await mailsTo(email)).filter((m) => m.includes(words)).length)
    .toBe(1);
  return (await mailsTo(email)).find((m) => m.includes(words))!;
}

async function dispatchFromPage(page: Page, tracking: string) {
  await page.getByLabel("Carrier").selectOption("Royal Mail");
  await page.getByLabel("Tracking number").fill(tracking);
  await page.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(page.getByRole("status")).toHaveText("Order dispatched.");
}

test("X-DAY-8: an order off the shelf is dispatched straight from paid; one made to order goes in production, made, then dispatched, each with its e-mails", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  await page.goto("/admin/login?next=/admin/orders");
  await signInOwner(page);
  // A mouth guard on the shelf (the owner's stock), and a gi with a name, made to order.
  const variant = { productId: "mouth-guard-set", optionType: "Standard", size: "N/A", color: "" };
  const stocked = await page.request.put("/api/admin/stock", {
    data: { ...variant, quantity: 40 },
  });
  expect(stocked.status()).toBe(200);
  const shelfEmail = `shelf-${stamp}@example.com`;
  const makeEmail = `make-${stamp}@example.com`;
  const { orderNumber: shelf } = await buyItems(request, shelfEmail, [
    { productId: "mouth-guard-set", optionType: "Standard", size: "N/A", quantity: 1 },
  ]);
  const made = await buyGi(request, makeEmail, "PATHS");

  // The confirmation of the shelf order promises days, not weeks.
  const shelfConfirmation = await mailSaying(shelfEmail, "Thank you for your order");
  expect(shelfConfirmation).toContain(
    "Everything above is in stock: dispatched within 2-3 working days.",
  );
  expect(shelfConfirmation).not.toContain("3-6 weeks");

  // The work lists: the shelf order is to ship at once, the gi is to make.
  await page.goto(`/admin/orders?work=to_ship&q=${encodeURIComponent(`-${stamp}@`)}`);
  const shelfRow = page.getByRole("row").filter({ hasText: shelf });
  await expect(shelfRow).toContainText("Ready to dispatch");
  await expect(page.getByRole("link", { name: made, exact: true })).toHaveCount(0);
  await page.goto(`/admin/orders?work=to_make&q=${encodeURIComponent(`-${stamp}@`)}`);
  await expect(page.getByRole("row").filter({ hasText: made })).toContainText("Not yet made");
  await expect(page.getByRole("link", { name: shelf, exact: true })).toHaveCount(0);

  // Off the shelf: no production step, dispatched from paid.
  await page.goto(`/admin/orders/${shelf}`);
  await expect(page.getByTestId("order-fulfilment-status")).toHaveText("Ready to dispatch");
  await expect(page.getByRole("button", { name: "Mark in production" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shot(page, "order-path-shelf");
  await dispatchFromPage(page, "RM100000001GB");
  await expect(page.getByTestId("order-fulfilment-status")).toHaveText("Dispatched");
  const shelfSent = await mailSaying(shelfEmail, "has been dispatched");
  expect(shelfSent).toContain("1 × Mouth Guard");
  expect(shelfSent).toContain("RM100000001GB");
  const shelfMails = await mailsTo(shelfEmail);
  expect(shelfMails.filter((m) => m.includes("in production"))).toEqual([]);
  expect(shelfMails.filter((m) => m.includes("3-6 weeks"))).toEqual([]);

  // Made to order: in production, then made, then dispatched; never dispatched before it is made.
  await page.goto(`/admin/orders/${made}`);
  await expect(page.getByTestId("order-fulfilment-status")).toHaveText("Not yet made");
  await expect(page.getByRole("button", { name: "Mark dispatched" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark in production" }).click();
  await expect(page.getByRole("status")).toHaveText("Order in production.");
  await expect(page.getByTestId("order-fulfilment-status")).toHaveText("In production");
  await expect(page.getByRole("button", { name: "Mark dispatched" })).toHaveCount(0);
  const production = await mailSaying(makeEmail, "is in production");
  expect(production).toContain(
    "Being made for you (made-to-order and personalised items take 3-6 weeks",
  );
  expect(production).toContain("1 × Mens Grip Truth BJJ Gi");
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(page.getByRole("status")).toHaveText("Order made.");
  await expect(page.getByTestId("order-fulfilment-status")).toHaveText("Made: ready to dispatch");
  await expectNoAxeViolations(page);
  await shot(page, "order-path-made");
  await mailSaying(makeEmail, "has been made and is being packed");
  await dispatchFromPage(page, "RM100000002GB");
  const madeSent = await mailSaying(makeEmail, "has been dispatched");
  expect(madeSent).toContain("RM100000002GB");
  await expect(page.getByTestId("order-history")).toContainText("In production → Made");
  await expect(page.getByTestId("order-history")).toContainText("Made → Dispatched");
});
