import { expect, test } from "./fixtures";

test("S-INFO-1: the FAQ has ten questions, one open at a time, and the open one closes on click", async ({
  page,
}) => {
  await page.goto("/faq");
  const questions = page.getByRole("main").locator("button[aria-expanded]");
  await expect(questions).toHaveCount(10);
  for (const q of await questions.all()) await expect(q).toHaveAttribute("aria-expanded", "false");

  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  const firstPanel = page.locator(`#${await questions.nth(0).getAttribute("aria-controls")}`);
  await expect(firstPanel).toBeVisible();

  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(firstPanel).toBeHidden();

  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("main").locator("[role=region]:visible")).toHaveCount(0);

  // Keyboard: Enter on a focused question opens it.
  await questions.nth(5).focus();
  await page.keyboard.press("Enter");
  await expect(questions.nth(5)).toHaveAttribute("aria-expanded", "true");
});
