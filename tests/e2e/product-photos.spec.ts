import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectNoAxeViolations, shot, signInOwner, test } from "./fixtures";

// Issue 22 (X-PHOTO-1..3): the owner's photos on /admin/products/:id, at 390 px (mobile) and
// 1280 px (desktop). Each project works on its own kids' product, which no other spec looks at.

const productFor = (project: string) =>
  project === "mobile" ? "kids-grip-truth-sliders" : "kids-grip-truth-hoodie";

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
}

const photoList = (page: Page) => page.getByRole("list", { name: "Photos in the shop's order" });

/** Deletes every photo the product has (a re-run starts clean). */
async function deleteAll(page: Page) {
  const items = photoList(page).getByRole("listitem");
  for (let left = await items.count(); left > 0; left--) {
    await page.getByRole("button", { name: "Delete photo 1" }).click();
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
    await page.getByRole("button", { name: "Delete photo 1" }).click();
    await expect(page.getByRole("status")).toHaveText("Photo deleted.");
  } finally {
    await context.close();
  }
});
