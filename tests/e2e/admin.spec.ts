import { readFile } from "node:fs/promises";
import {
  buyGi,
  expect,
  expectNoAxeViolations,
  isMobile,
  mailsTo,
  OWNER,
  shot,
  signInOwner,
  test,
} from "./fixtures";

test("X-OPS-1..6, X-DAY-5, X-DAY-6: the owner takes a custom gi order from paid to delivered, refunds part, prints and exports it", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = `rosa-${testInfo.project.name}-${Date.now()}@example.com`;
  const orderNumber = await buyGi(request, email, "R. MENDES");

  // Sign-in (X-OPS-1): the back office sends a visitor without a session to the login.
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await expect(page.getByRole("heading", { name: "Back office" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "login");
  await page.getByLabel("E-mail").fill(OWNER.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("error-summary")).toContainText(
    "That e-mail and password do not match an owner account.",
  );
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // The list (X-OPS-2): find the order by the customer's e-mail.
  await page.getByLabel("Status").selectOption("paid");
  await page.getByLabel("Search").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=paid/);
  const row = page.getByRole("row").filter({ hasText: orderNumber });
  await expect(row).toContainText("Rosa Mendes");
  await expect(row).toContainText("£");
  await expect(row).toContainText("Paid");
  await expect(page.getByText("1 order", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "list");

  // The order page (X-OPS-3): the embroidery exactly as typed, large.
  await row.getByRole("link", { name: orderNumber }).click();
  await expect(page.getByRole("heading", { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId("custom-text")).toHaveText("R. MENDES");
  const fontSize = await page
    .getByTestId("custom-text")
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize).toBeGreaterThanOrEqual(28);
  await expect(page.getByRole("main")).toContainText("visa ending 4242");
  await expect(page.getByRole("main")).toContainText("9 Harbour Street");
  await expectNoAxeViolations(page);

  // Workflow (X-OPS-4).
  await page.getByRole("button", { name: "Mark in production" }).click();
  await expect(page.getByRole("status")).toHaveText("Order in production.");
  // A gi with a name on it is made before it is sent (issue 53).
  await expect(page.getByRole("button", { name: "Mark dispatched" })).toHaveCount(0);
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(page.getByRole("status")).toHaveText("Order made.");
  await page.getByRole("button", { name: "Mark dispatched" }).click();
  // Both fields are required: the browser stops an empty form.
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}\\?notice=`));
  await page.getByLabel("Carrier").selectOption("Royal Mail");
  await page.getByLabel("Tracking number").fill("RM123456785GB");
  await page.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(page.getByRole("status")).toHaveText("Order dispatched.");
  await expect(page.getByTestId("order-history")).toContainText("In production → Made");
  await expect(page.getByTestId("order-history")).toContainText("Made → Dispatched");
  await expect(page.getByTestId("order-history")).toContainText(OWNER.email);

  // Refund part of it (X-OPS-4), confirmed (X-DAY-1).
  await page.getByLabel("Amount").fill("10.00");
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  await page.getByRole("button", { name: "Yes, refund £10.00" }).click();
  await expect(page.getByRole("status")).toHaveText("Refunded £10.00.");
  await expect(page.getByText("Partly refunded").first()).toBeVisible();
  await page.getByLabel("Internal note").fill("Collar re-stitched before posting.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByTestId("order-history")).toContainText(
    "Collar re-stitched before posting.",
  );
  await expectNoAxeViolations(page);
  await shot(page, "order");

  // The customer's e-mails and tracking page.
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThanOrEqual(4);
  const mails = await mailsTo(email);
  expect(mails.find((m) => m.includes("is in production"))).toContain("3-6 weeks");
  const dispatched = mails.find((m) => m.includes("has been dispatched"))!;
  expect(dispatched).toContain("Tracking number: RM123456785GB");
  // X-DAY-5: the carrier from the list links to the parcel on its site.
  expect(dispatched).toContain(
    "Follow your parcel on Royal Mail's site: https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
  );
  expect(mails.some((m) => m.includes("We have refunded £10.00"))).toBe(true);

  // The packing slip (X-OPS-5): custom text large, address, no buttons on paper.
  await page.getByRole("link", { name: "Packing slip" }).click();
  const slip = page.getByRole("article", { name: `Packing slip ${orderNumber}` });
  await expect(slip).toContainText("YO21 3PU");
  await expect(slip.getByTestId("custom-text")).toHaveText("R. MENDES");
  await expectNoAxeViolations(page);
  await shot(page, "slip");
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  await expect(slip).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // CSV (X-OPS-6) with the list's filters.
  await page.goto(`/admin/orders?q=${encodeURIComponent(email)}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  // X-DAY-6: a byte-order mark, so a spreadsheet reads it as UTF-8; delivery and tracking on the row.
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.trim().split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(
    ',UK standard (2-5 working days),"Rosa Mendes, 9 Harbour Street, Whitby, YO21 3PU, United Kingdom",,Royal Mail,RM123456785GB',
  );
  expect(lines[1]).toContain(`${orderNumber},`);
  expect(lines[1]).toContain(",partly_refunded,Rosa Mendes,");
  expect(lines[1]).toContain(",R. MENDES,1,");

  // Delivered, then the customer's tracking page.
  await page.goto(`/admin/orders/${orderNumber}`);
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByRole("status")).toHaveText("Order delivered.");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  await page.goto("/tracking");
  await page.getByLabel("Order number").fill(orderNumber);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Delivered");
  await expect(page.getByTestId("order-tracking-number")).toHaveText("RM123456785GB");
  await expect(page.getByTestId("order-carrier")).toHaveText("Royal Mail");
  await expect(page.getByTestId("order-tracking-link")).toHaveAttribute(
    "href",
    "https://www.royalmail.com/track-your-item#/tracking-results/RM123456785GB",
  );
});

test("X-OPS-5: slips for the orders ticked in the list", async ({ page, request }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const first = await buyGi(request, `tick-a-${stamp}@example.com`, "ANA");
  const second = await buyGi(request, `tick-b-${stamp}@example.com`, "BEA");
  await page.goto("/admin/login");
  await signInOwner(page);
  await page.goto(`/admin/orders?q=${encodeURIComponent(`-${stamp}@`)}`);
  await page.getByLabel(`Select ${first} for printing`).check();
  await page.getByLabel(`Select ${second} for printing`).check();
  await page.getByRole("button", { name: "Print selected" }).click();
  await expect(page.getByRole("heading", { name: "Packing slips (2)" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  await expect(page.getByTestId("custom-text")).toHaveText(["BEA", "ANA"]);
  if (isMobile(page)) await shot(page, "slips");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("X-OPS-1 X-OPS-4: sign-in and a status change work as plain forms", async ({
    page,
    request,
  }, testInfo) => {
    const orderNumber = await buyGi(
      request,
      `nojs-${testInfo.project.name}-${Date.now()}@example.com`,
      "NO JS",
    );
    await page.goto(`/admin/orders/${orderNumber}`);
    await signInOwner(page);
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));
    await page.getByRole("button", { name: "Mark in production" }).click();
    await expect(page.getByRole("status")).toHaveText("Order in production.");
    await expect(page.getByRole("button", { name: "Mark in production" })).toHaveCount(0);
  });
});
