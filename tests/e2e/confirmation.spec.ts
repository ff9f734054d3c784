import { buyGiSession, expect, expectNoAxeViolations, test } from "./fixtures";

// Issue 56 (WCAG 2.2.1): the page no longer moves home by itself; how long it stays is
// a11y.spec.ts's (at both widths). Here: the way on is the customer's own.
test("S-CHK-6 X-A11Y-4 (issue 56): the confirmation page offers 'Continue shopping' and goes home only when it is followed", async ({
  page,
}, testInfo) => {
  // The browser that paid (X-SEC-20): the page's own, which holds checkout's receipt cookie.
  const { sessionId } = await buyGiSession(
    page.request,
    `stay-${testInfo.project.name}-${Date.now()}@example.com`,
    "STAY",
  );
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  await expect(page.getByTestId("order-number")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Continue shopping" }).click();
  await expect(page).toHaveURL(/\/$/);
});
