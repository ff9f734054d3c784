import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Pages most tests visit; the splash is marked as seen so it does not cover them. */
export const test = base.extend<{ showSplash: boolean }>({
  showSplash: [false, { option: true }],
  page: async ({ page, showSplash }, use) => {
    if (!showSplash) {
      await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
    }
    await use(page);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}
