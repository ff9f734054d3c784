import type { Page } from "@playwright/test";
import {
  adminNav,
  buyGi,
  closeAdminNav,
  expect,
  expectNoAxeViolations,
  mailsTo,
  shot,
  signInOwner,
  test,
} from "./fixtures";

interface Summary {
  takingsPence: number;
  refundsPence: number;
  netPence: number;
  orders: number;
  averageOrderPence: number;
  byDay: { date: string; netPence: number; orders: number }[];
  toMake: number;
  toShip: number;
  openReturns: number;
  openEnquiries: number;
}

/** "£1,234.50", as the shop writes money. */
const pounds = (pence: number) =>
  `${pence < 0 ? "-" : ""}£${Math.floor(Math.abs(pence) / 100).toLocaleString("en-GB")}.${String(Math.abs(pence) % 100).padStart(2, "0")}`;

async function summary(page: Page): Promise<Summary> {
  const response = await page.request.get("/api/admin/summary?days=30");
  expect(response.status()).toBe(200);
  return (await response.json()) as Summary;
}

const figure = (page: Page, label: string) =>
  page
    .locator("dt", { hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");

test("X-DAY-2, X-DAY-5: the dashboard shows the figures of /api/admin/summary, the order and refund just placed among them", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `dash-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await buyGi(request, email, "DASH");
  // X-DAY-5, X-OWN-1: the shop hears of the paid order at the settings' e-mail (the demo's here).
  await expect
    .poll(async () =>
      (await mailsTo("hello@griptruth.co.uk")).some((mail) =>
        mail.includes(`Order ${orderNumber} has been paid`),
      ),
    )
    .toBe(true);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin$/);
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  // Issue 24 item 11: at phone width the sections are behind "Menu", one header row.
  const nav = await adminNav(page);
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await closeAdminNav(page);

  const before = await summary(page);
  const refund = await page.request.post(`/api/admin/orders/${orderNumber}/refunds`, {
    data: { amountPence: 150 },
    headers: { origin: baseURL! },
  });
  expect(refund.status()).toBe(201);

  // Other browser tests pay for orders on the same server meanwhile: the page and the JSON are
  // read again until both were made between the same two orders.
  await expect(async () => {
    await page.reload();
    const s = await summary(page);
    expect(s.refundsPence).toBeGreaterThanOrEqual(before.refundsPence + 150);
    expect(s.orders).toBeGreaterThanOrEqual(1);
    await expect(figure(page, "Takings")).toHaveText(pounds(s.takingsPence), { timeout: 1000 });
    await expect(figure(page, "Refunds")).toHaveText(pounds(s.refundsPence), { timeout: 1000 });
    await expect(figure(page, "Net takings")).toHaveText(pounds(s.netPence), { timeout: 1000 });
    await expect(figure(page, "Orders")).toHaveText(String(s.orders), { timeout: 1000 });
    await expect(figure(page, "Average order")).toHaveText(pounds(s.averageOrderPence), {
      timeout: 1000,
    });
    const today = s.byDay.at(-1)!;
    // The chart's figures, for screen readers, as a table: today's row.
    const row = page
      .getByRole("table", { name: /by day/ })
      .getByRole("row")
      .last();
    await expect(row.getByRole("cell").first()).toHaveText(pounds(today.netPence), {
      timeout: 1000,
    });
    await expect(row.getByRole("cell").last()).toHaveText(String(today.orders), {
      timeout: 1000,
    });
    const work = page.getByRole("list", { name: "Work to do" });
    await expect(work.getByRole("link", { name: /^To make/ })).toHaveText(`To make${s.toMake}`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });

  await expect(page.getByRole("heading", { name: "Top products" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "dashboard");

  // An unknown back-office address: a 404 inside the back office, with its navigation.
  const missing = await page.goto("/admin/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "not-found");
  await page.goto("/admin");

  // The period is a plain GET form: another period, and a bad one is refused with a sentence.
  await page.getByLabel("Period").selectOption("7");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\?days=7$/);
  await expect(page.getByRole("heading", { name: "Last 7 days" })).toBeVisible();
  const bad = await page.request.get("/api/admin/summary?days=1000");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ error: "Days must be a whole number from 1 to 366." });

  // "To make" opens the paid (or partly refunded) orders made to order and not made yet (X-ORD-2,
  // X-DAY-8): the order list's own "To make".
  await page.getByRole("link", { name: /^To make/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?work=to_make$/);
  await expect(
    page.getByRole("navigation", { name: "Quick filters" }).getByRole("link", { name: "To make" }),
  ).toHaveAttribute("aria-current", "page");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-DAY-2: the dashboard and its period form work without JavaScript", async ({ page }) => {
    await page.goto("/admin?days=90");
    await signInOwner(page);
    await expect(page).toHaveURL(/\/admin\?days=90$/);
    await expect(page.getByRole("heading", { name: "Last 90 days" })).toBeVisible();
    await page.getByLabel("Period").selectOption("30");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("heading", { name: "Last 30 days" })).toBeVisible();
  });
});
