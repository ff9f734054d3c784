import { expect, test, type APIRequestContext } from "@playwright/test";

const HASHED = /^\/assets\/pictures\/[\w-]{10}\/[a-z0-9-]+\/[a-z]+\.svg$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** The image preloads the server puts in the head of a page, as the browser first sees them. */
async function headImagePreloads(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) => ({
    href: /href="([^"]+)"/.exec(tag)?.[1],
    high: /fetchpriority="high"/i.test(tag),
  }));
}

async function expectImmutableSvg(request: APIRequestContext, src: string | null) {
  expect(src).toMatch(HASHED);
  const response = await request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe(IMMUTABLE);
  expect(response.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect((await response.text()).startsWith("<svg")).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
});

for (const { kind, path, lcp, later } of [
  {
    kind: "product page",
    path: "/product/mens-grip-n-trip-thai-shorts",
    lcp: 'img[alt^="Mens Grip N Trip Thai Shorts, front view"]',
    later: '[aria-label="Choose a picture"] img',
  },
  {
    kind: "home",
    path: "/",
    lcp: "section[aria-labelledby=hero-title] img",
    later: '[aria-label="New arrivals"] img',
  },
  {
    kind: "collection",
    path: "/mens",
    lcp: '[aria-label="Mens Collection products"] li:first-child img',
    later: '[aria-label="Mens Collection products"] li:nth-child(4) img',
  },
]) {
  test(`X-PERF-1 X-PERF-2: the ${kind}'s largest picture is preloaded at high priority from a hashed immutable file; later ones are lazy`, async ({
    page,
    request,
  }) => {
    await page.goto(path);
    const picture = page.locator(lcp).first();
    await expect(picture).toBeVisible();
    const src = await picture.getAttribute("src");
    await expect(picture).toHaveAttribute("fetchpriority", "high");
    await expect(picture).not.toHaveAttribute("loading", "lazy");
    await expectImmutableSvg(request, src);
    expect(await headImagePreloads(request, path)).toContainEqual({ href: src, high: true });
    // It has its pixels: a decoded picture, not a broken one.
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const rest = page.locator(later).first();
    await expect(rest).toHaveAttribute("loading", "lazy");
    await expect(rest).not.toHaveAttribute("fetchpriority", "high");
    expect(await rest.getAttribute("src")).toMatch(HASHED);
  });
}

test("X-PERF-2: a picture's fixed address still works: it sends the browser to this build's file", async ({
  request,
}) => {
  const fixed = "/images/products/mens-england-no-gi-set/front.svg";
  const redirect = await request.get(fixed, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers()["cache-control"]).toBe("no-cache");
  await expectImmutableSvg(request, redirect.headers()["location"] ?? null);
  const followed = await request.get(fixed);
  expect(followed.status()).toBe(200);
  expect(followed.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
});
