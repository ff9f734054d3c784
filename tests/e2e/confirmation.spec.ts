import { buyGiSession, expect, expectNoAxeViolations, test } from "./fixtures";

// The page's clock is Playwright's: the countdown is moved on by hand, no test waits 5 seconds.
test("S-CHK-6 (issue 24, item 12): the confirmation page counts down its five seconds and 'Stay on this page' stops the move home", async ({
  page,
}, testInfo) => {
  // The browser that paid (X-SEC-20): the page's own, which holds checkout's receipt cookie.
  const { sessionId } = await buyGiSession(
    page.request,
    `stay-${testInfo.project.name}-${Date.now()}@example.com`,
    "STAY",
  );
  await page.clock.install();
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  const note = page.getByTestId("redirect-note");
  await expect(note).toHaveText("Taking you back to the shop in 5 seconds.");
  await page.clock.runFor(1000);
  await expect(note).toHaveText("Taking you back to the shop in 4 seconds.");
  await page.clock.runFor(3000);
  await expect(note).toHaveText("Taking you back to the shop in 1 second.");
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(note).toHaveText("You are staying on this page.");
  // The button stays where it was, so the focus does not drop (X-A11Y-4).
  await expect(page.getByRole("button", { name: "Staying on this page" })).toBeFocused();
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  await expectNoAxeViolations(page);
});

test("S-CHK-6 (issue 24, item 12): without 'Stay on this page' the confirmation moves home after five seconds", async ({
  page,
}, testInfo) => {
  // The browser that paid (X-SEC-20): the page's own, which holds checkout's receipt cookie.
  const { sessionId } = await buyGiSession(
    page.request,
    `go-${testInfo.project.name}-${Date.now()}@example.com`,
    "GO",
  );
  await page.clock.install();
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  await expect(page.getByTestId("redirect-note")).toHaveText(
    "Taking you back to the shop in 5 seconds.",
  );
  await page.clock.runFor(4000);
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/\/$/);
});
