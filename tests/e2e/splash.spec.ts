import { expect, test } from "./fixtures";

test.use({ showSplash: true });

test("S-GLB-5: the splash shows at first load for about 3.3 s, once per session, over rendered content", async ({
  page,
}) => {
  const start = Date.now();
  await page.goto("/");
  const splash = page.getByTestId("splash");
  await expect(splash).toBeVisible();
  // The page is rendered underneath the splash, not instead of it.
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
  await expect(splash).toBeHidden({ timeout: 6_000 });
  const shownFor = Date.now() - start;
  expect(shownFor).toBeGreaterThanOrEqual(3_000);
  expect(shownFor).toBeLessThan(5_500);
  await expect(page.locator("html")).not.toHaveClass(/show-splash/);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(splash).toBeHidden();
  await page.goto("/mens");
  await expect(splash).toBeHidden();
});

test("S-GLB-5: with reduced motion the logo does not pulse", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/");
  const logo = page.locator(".splash-logo");
  await expect(page.getByTestId("splash")).toBeVisible();
  expect(await logo.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  await expect(page.getByTestId("splash")).toBeHidden({ timeout: 6_000 });
  await context.close();
});
