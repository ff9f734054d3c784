import { expect, test, type Page } from "@playwright/test";

/** Layout shifts of the page's main content so far (what CLS adds up), with the elements that moved. */
async function layoutShifts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }[]>((resolve) => {
        const shifts: { value: number; moved: string[] }[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            sources: { node?: Node }[];
          }[]) {
            // The page's own content: the header's font settling is not what this test is about.
            const main = document.getElementById("main");
            const nodes = entry.sources
              .map((s) => s.node)
              .filter((n) => !main || main.contains(n!));
            if (nodes.length === 0) continue;
            shifts.push({
              value: entry.value,
              moved: nodes.map((n) => (n as Element | undefined)?.outerHTML?.slice(0, 80) ?? "?"),
            });
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shifts), 300);
      }),
  );
}

const CART = JSON.stringify({
  version: 1,
  lines: [
    { productId: "water-bottle", optionType: "Standard", size: "N/A", quantity: 2 },
    {
      productId: "mens-ranked-gorilla-no-gi-set",
      optionType: "Rashguard",
      size: "L",
      beltRank: "Blue",
      quantity: 1,
    },
  ],
});

for (const cart of ["empty", "with two lines"] as const) {
  test(`X-PERF-1: the checkout holds the cart's space from the first paint (${cart}): no layout shift`, async ({
    page,
  }) => {
    await page.addInitScript(
      ([stored]) => {
        sessionStorage.setItem("gt-splash-seen", "1");
        if (stored) localStorage.setItem("gt-cart", stored);
      },
      [cart === "empty" ? "" : CART],
    );
    await page.goto("/checkout");
    if (cart === "empty") {
      await expect(page.locator("#main").getByText("Your cart is empty")).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: /^Pay / })).toBeVisible();
    }
    expect(await layoutShifts(page)).toEqual([]);
  });
}

test("X-PERF-1: the page's JavaScript is fetched only after its first contentful paint, and it still hydrates", async ({
  page,
  request,
}) => {
  // As the server sends it: no module preloads and no module script that could run before the paint.
  const html = await (await request.get("/")).text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).not.toContain('type="module"');

  await page.goto("/");
  // Hydrated (root.tsx marks it), with the modules preloaded by the starter.
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(2);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
      .map((entry) => entry.startTime),
  }));
  expect(timing.paint).not.toBeNull();
  expect(timing.scripts.length).toBeGreaterThan(2);
  expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
});
