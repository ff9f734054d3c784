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
