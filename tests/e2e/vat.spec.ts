import { buyItems, expect, expectNoAxeViolations, signInOwner, test } from "./fixtures";

// Issue 52 (X-VAT-3, X-VAT-5): at 390 and 1280 px, a receipt with both rates and the owner's VAT
// return figures. Screenshots go to /tmp/vat-*.png to be looked at.

const kidsRashguard = {
  productId: "kids-boro-beast-no-gi-set",
  optionType: "Rashguard",
  size: "8Y",
  quantity: 1,
};
const adultShorts = {
  productId: "mens-boro-beast-no-gi-set",
  optionType: "Shorts",
  size: "M",
  quantity: 1,
};

test("X-VAT-1 X-VAT-3 X-VAT-5: a mixed order's receipt shows VAT at 20% and Zero-rated; the owner's VAT page shows box 1 and box 6 for the quarter", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const width = page.viewportSize()?.width ?? 0;
  const email = `vat-${testInfo.project.name}-${Date.now()}@example.com`;
  // Bought through the page's own context, so this browser holds the receipt's cookie (X-SEC-20).
  const { orderNumber, sessionId } = await buyItems(page.request, email, [
    kidsRashguard,
    adultShorts,
  ]);
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  const receipt = page.getByRole("region", { name: "Your VAT receipt" });
  await expect(receipt.getByTestId("total")).toHaveText("£65.96");
  // £7.98 delivery (£3.99 an item) by value: £4.13 with the shorts (2999 of 5798); 20/120 of
  // £34.12 = £5.69; zero-rated £27.99 + £3.85.
  await expect(receipt.getByText("VAT at 20%")).toBeVisible();
  await expect(receipt.getByTestId("vat-amount")).toHaveText("£5.69");
  await expect(receipt.getByText("Zero-rated")).toBeVisible();
  await expect(receipt.getByTestId("vat-zero-rated")).toHaveText("£31.84");
  await expect(receipt.getByTestId("vat-number")).toHaveText("GB123456789");
  await receipt.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vat-receipt-${width}.png`, fullPage: true });

  // The owner's order page says the same.
  await page.goto(`/admin/orders/${orderNumber}`);
  await signInOwner(page);
  const vatLines = page.getByLabel("VAT receipt");
  await expect(vatLines.getByTestId("vat-amount")).toHaveText("£5.69");
  await expect(vatLines.getByTestId("vat-zero-rated")).toHaveText("£31.84");

  // The VAT page: the current quarter by default, reached from the back office's navigation.
  await page.goto("/admin/vat");
  await expect(page.getByRole("heading", { name: "VAT", level: 1 })).toBeVisible();
  const box1 = page.getByTestId("vat-box1");
  const box6 = page.getByTestId("vat-box6");
  await expect(box1).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(box6).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(page.getByText("Box 1: VAT due on sales")).toBeVisible();
  await expect(page.getByText("Box 6: total sales excluding VAT")).toBeVisible();
  // The figures are the API's for the same days (this order among them).
  const quarter = await page.getByLabel("Quarter").inputValue();
  expect(quarter).toMatch(/^\d{4}-Q[1-4]$/);
  const from = await page.getByLabel("From", { exact: true }).inputValue();
  const to = await page.getByLabel("To", { exact: true }).inputValue();
  const api = await page.request.get(`/api/admin/vat?from=${from}&to=${to}`);
  expect(api.status()).toBe(200);
  const figures = (await api.json()) as { box1_vat_due_pence: number; by_rate: unknown[] };
  expect(figures.box1_vat_due_pence).toBeGreaterThanOrEqual(569);
  await expect(page.getByTestId("vat-rate-20")).toContainText("VAT at 20%");
  await expect(page.getByTestId("vat-rate-0")).toContainText("Zero-rated");
  // A quarter chosen with the picker (a plain GET form) shows its figures.
  await page.getByRole("button", { name: "Show quarter" }).click();
  await expect(page).toHaveURL(new RegExp(`quarter=${quarter}`));
  await expect(box1).toHaveText(/^£[\d,]+\.\d\d$/);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `/tmp/vat-admin-${width}.png`, fullPage: true });

  // X-VAT-1: the product editor shows the rate and says in one line what zero-rating means.
  await page.goto(`/admin/products/${kidsRashguard.productId}`);
  await expect(page.getByLabel("VAT rate")).toHaveValue("zero");
  const note = page.getByTestId("zero-rating-note");
  await expect(note).toContainText("Zero-rated means no VAT is in the price");
  await expect(note.getByRole("link", { name: /HMRC VAT Notice 714/ })).toHaveAttribute(
    "href",
    "https://www.gov.uk/guidance/clothing-and-footwear-for-young-children-vat-notice-714",
  );
  await expect(page.getByLabel("Standard-rated sizes").first()).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/vat-editor-${width}.png` });
});
