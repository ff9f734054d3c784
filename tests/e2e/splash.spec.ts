import { expect, test } from "./fixtures";

test.use({ showSplash: true });

test("S-GLB-5: the splash shows at first load for about 3.3 s, once per session, over rendered content", async ({
  page,
}) => {
  // Looked at from the moment the page arrives: the splash is on screen before any JavaScript
  // (waiting for hydration on a busy machine could take longer than the splash lasts).
  await page.goto("/", { waitUntil: "commit" });
  const start = Date.now();
  const splash = page.getByTestId("splash");
  await expect(splash).toBeVisible();
  // The page is rendered underneath the splash, not instead of it.
  await expect(page.getByRole("heading", { level: 1 })).toBeAttached();
  // The fade is CSS: transparent 3.3 s after the first frame, whatever the JavaScript does (or
  // already taken away, when the page's code ran before then).
  const gone = (el: Element) => {
    const style = getComputedStyle(el);
    return style.opacity === "0" || style.display === "none";
  };
  await expect.poll(() => splash.evaluate(gone), { timeout: 8_000, intervals: [50] }).toBe(true);
  const shownFor = Date.now() - start;
  expect(shownFor).toBeGreaterThanOrEqual(3_000);
  expect(shownFor).toBeLessThan(6_000);
  // Then the app takes it away for good, once its code runs.
  await expect(splash).toBeHidden({ timeout: 20_000 });
  await expect(page.locator("html")).not.toHaveClass(/show-splash/);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(splash).toBeHidden();
  await page.goto("/mens");
  await expect(splash).toBeHidden();
});

test("S-GLB-5 X-A11Y-6: with reduced motion there is no splash at all", async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("splash")).toBeHidden();
  await expect(page.locator("html")).not.toHaveClass(/show-splash/);
  await context.close();
});

test("X-SHOP-3 X-A11Y-6: any key takes the splash away at once, so it never hides the focus", async ({
  page,
}) => {
  await page.goto("/", { waitUntil: "commit" });
  const splash = page.getByTestId("splash");
  await expect(splash).toBeVisible();
  const start = Date.now();
  await page.keyboard.press("Tab");
  await expect(splash).toBeHidden();
  expect(Date.now() - start).toBeLessThan(2_000);
  // The focused element is in view, not under an overlay.
  const focused = page.locator(":focus");
  await expect(focused).toBeVisible();
  // Seen for this session: not again on the next page.
  await page.goto("/mens");
  await expect(splash).toBeHidden();
});

test("X-SHOP-3 X-A11Y-6: a tap takes the splash away at once", async ({ page }) => {
  await page.goto("/", { waitUntil: "commit" });
  const splash = page.getByTestId("splash");
  await expect(splash).toBeVisible();
  await page.mouse.click(10, 300);
  await expect(splash).toBeHidden({ timeout: 2_000 });
});

test("S-GLB-5 X-A11Y-6: a scroll takes the splash away at once", async ({ page }) => {
  await page.goto("/", { waitUntil: "commit" });
  const splash = page.getByTestId("splash");
  await expect(splash).toBeVisible();
  await page.mouse.move(10, 300);
  await page.mouse.wheel(0, 400);
  await expect(splash).toBeHidden({ timeout: 2_000 });
});

test("S-GLB-5 X-SHOP-2 X-A11Y-6: a crawler that runs scripts gets the painted page, never the splash", async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const page = await context.newPage();
  await page.goto("/", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("splash")).toBeHidden();
  await expect(page.locator("html")).not.toHaveClass(/show-splash/);
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("S-GLB-5 X-SHOP-2 X-A11Y-6: with JavaScript off the page is painted and there is no splash", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("splash")).toBeHidden();
  });
});
