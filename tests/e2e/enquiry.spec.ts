import { expect, expectNoAxeViolations, test } from "./fixtures";

test("X-INFO-1: the enquiry form shows field errors, then sends and confirms", async ({ page }) => {
  await page.goto("/customisation");
  await expect(page.getByRole("main")).toContainText("Fill in the enquiry form below");
  const form = page.locator("#enquiry");
  await form.getByRole("button", { name: "Send enquiry" }).click();
  const name = form.getByLabel("Your name");
  // X-A11Y-2: the error summary takes the focus and its first line leads to the name.
  const summary = form.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link").first()).toHaveText("Please enter your name.");
  await summary.getByRole("link").first().click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("Please enter your name.");
  await expect(form.getByLabel("Message")).toHaveAccessibleDescription(
    /Please tell us what you have in mind/,
  );
  await expectNoAxeViolations(page);

  await name.fill("Leanne Carr");
  await form.getByLabel("E-mail").fill("leanne@boromuaythai.example");
  await form.getByLabel("Academy or team").fill("Boro Muay Thai");
  await form.getByRole("checkbox", { name: "Thai shorts" }).check();
  await form.getByRole("checkbox", { name: "Hoodies" }).check();
  await form.getByLabel("Rough quantity").selectOption({ label: "25-49 pieces" });
  await form.getByLabel("Message").fill("Thai shorts with the gym name on the waistband.");
  const sent = page.waitForResponse(
    (r) => r.url().endsWith("/api/enquiries") && r.request().method() === "POST",
  );
  await form.getByRole("button", { name: "Send enquiry" }).click();
  expect((await sent).status()).toBe(201);
  await expect(form.getByRole("status")).toContainText("Thank you: your enquiry has been sent.");
  await expectNoAxeViolations(page);
});

test("X-SHOP-4: a cross-origin POST to /api/enquiries is refused", async ({ request }) => {
  const response = await request.post("/api/enquiries", {
    headers: { origin: "https://evil.example" },
    data: { name: "x", email: "x@example.com", message: "hi" },
  });
  expect(response.status()).toBe(403);
  const bad = await request.post("/api/enquiries", { data: { name: "x" } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: expect.any(String) });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-INFO-1 X-SHOP-2: the enquiry form posts and confirms; errors show as text", async ({
    page,
  }) => {
    await page.goto("/customisation");
    const form = page.locator("#enquiry");
    await form.getByLabel("Your name").fill("Dan");
    await form.getByLabel("E-mail").fill("not-an-email");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.locator("#enquiry").getByLabel("E-mail")).toHaveAccessibleDescription(
      /valid e-mail address/,
    );
    await expect(page.locator("#enquiry").getByLabel("Your name")).toHaveValue("Dan");
    await page.locator("#enquiry").getByLabel("E-mail").fill("dan@example.com");
    await page.locator("#enquiry").getByLabel("Message").fill("Club rashguards please.");
    await page.locator("#enquiry").getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.locator("#enquiry").getByRole("status")).toContainText(
      "your enquiry has been sent",
    );
  });
});
