import type { Locator, Page } from "@playwright/test";
import { adminNav, expect, expectNoAxeViolations, signInOwner, test } from "./fixtures";

const RASHGUARD = "Mens Ranked Gorilla No-Gi Set (Rashguard)";
const GI = "Mens Grip Truth BJJ Gi (Gi)";
const TEAM_PRICE_SENTENCE =
  "Discount codes do not apply to team prices, and team items do not count towards free delivery on your own items.";

/** "2026-12-01T18:00" a week ahead, as a datetime-local box takes it. */
function nextWeekLocal(): string {
  const date = new Date(Date.now() + 7 * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T18:00`;
}

/** A member of a team delivered together pays: a name, e-mail and phone, never an address (X-TEAM-6). */
async function payAs(page: Page, person: { first: string; last: string; email: string }) {
  const shipping = page.getByRole("group", { name: "Your details" });
  await expect(page.getByLabel("Address")).toHaveCount(0);
  await shipping.getByLabel("First name").fill(person.first);
  await shipping.getByLabel("Last name").fill(person.last);
  await shipping.getByLabel("E-mail").fill(person.email);
  await shipping.getByLabel("Phone").fill("07700 900456");
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Name on card").fill(`${person.first} ${person.last}`);
  await card.getByLabel("Expiry (MM/YY)").fill("12/34");
  await card.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
}

/** Presses Tab until `target` has the focus: the keyboard's own way there. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 120; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("Tab never reached the control");
}

test("X-TEAM-1 X-TEAM-2 X-TEAM-3 X-TEAM-5: the owner opens a team store, three members pay from the link, the organiser and the production sheet show them all", async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const teamName = `Redcar BJJ ${run}`;

  // The owner opens the store on the page.
  await page.goto("/admin/teams/new");
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin\/teams\/new$/);
  await page.getByLabel("Team name").fill(teamName);
  await page.getByLabel("Organiser's name").fill("Coach Dan");
  await page.getByLabel("Organiser's e-mail").fill(`dan-${run}@redcarbjj.test`);
  await page.getByLabel("Closes (UK time)").fill(nextWeekLocal());
  await page.getByLabel("Minimum number of items (optional)").fill("3");
  await page.getByLabel("Text printed on every item").fill("REDCAR BJJ");
  await page.getByLabel(/Each member adds their own name/).check();
  await page
    .getByLabel("Academy's delivery address (for delivery together)")
    .fill("1 Coatham Road, Redcar TS10 1RH");
  // Issue 41: the offer is grouped by product; each group opens to its options.
  const openGroup = (product: string) =>
    page.locator("summary", { hasText: new RegExp(`^${product}\\s*\\d+ options?$`) }).click();
  await openGroup("Mens Ranked Gorilla No-Gi Set");
  await page
    .getByRole("checkbox", { name: new RegExp(RASHGUARD.replace(/[()]/g, "\\$&")) })
    .check();
  await page.getByLabel(`Team price for ${RASHGUARD}, in pounds`).fill("30.00");
  await openGroup("Mens Grip Truth BJJ Gi");
  await page.getByRole("checkbox", { name: new RegExp(GI.replace(/[()]/g, "\\$&")) }).check();
  await page.getByLabel(`Team price for ${GI}, in pounds`).fill("75.00");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/teams-new-${testInfo.project.name}.png`, fullPage: true });
  await page.getByRole("button", { name: "Open team store" }).click();
  await expect(page.getByRole("status")).toContainText(`${teamName} is open.`);
  const membersUrl = new URL(
    (await page.getByRole("link", { name: /\/team\/[a-z0-9-]+$/ }).textContent())!,
  );
  const organiserUrl = new URL(
    (await page.getByRole("link", { name: /\/organiser\?key=/ }).textContent())!,
  );
  const slug = membersUrl.pathname.split("/").pop()!;

  // Member 1: a rashguard with a belt rank and a name, at the team price, no delivery charge.
  await page.goto(membersUrl.pathname);
  await expect(page.getByRole("heading", { level: 1, name: teamName })).toBeVisible();
  // X-SEC-21: said on the team page and at its checkout.
  await expect(page.getByText(TEAM_PRICE_SENTENCE)).toBeVisible();
  await expectNoAxeViolations(page);
  const rash = page.getByRole("region", { name: RASHGUARD });
  await expect(rash).toContainText("£30.00");
  await expect(rash).toContainText("REDCAR BJJ");
  await rash.getByLabel("Size", { exact: true }).selectOption("M");
  await rash.getByLabel("Belt rank").selectOption("Blue");
  await rash.getByLabel("Your name to print (optional)").fill("ANA");
  await rash.getByRole("button", { name: /^Order/ }).click();
  await expect(page.getByRole("heading", { name: "Your team order" })).toBeVisible();
  await expect(page.getByText("no delivery charge")).toBeVisible();
  await expect(page.getByText("Name to print: ANA")).toBeVisible();
  await expect(page.getByText(TEAM_PRICE_SENTENCE)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await payAs(page, { first: "Ana", last: "Silva", email: `ana-${run}@example.com` });

  // Member 2: a gi, no name.
  await page.goto(membersUrl.pathname);
  const gi = page.getByRole("region", { name: GI });
  await gi.getByLabel("Size", { exact: true }).selectOption("A2");
  await gi.getByRole("button", { name: /^Order/ }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await payAs(page, { first: "Ben", last: "Oak", email: `ben-${run}@example.com` });

  // Member 3, by keyboard only: a gi in A3, no name.
  await page.goto(membersUrl.pathname);
  const giSize = page.getByRole("region", { name: GI }).getByLabel("Size", { exact: true });
  await tabTo(page, giSize);
  await page.keyboard.type("A3");
  await expect(giSize).toHaveValue("A3");
  await tabTo(page, page.getByRole("region", { name: GI }).getByRole("button", { name: /^Order/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Your team order" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Pay" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  const details = page.getByRole("group", { name: "Your details" });
  const fields: [Locator, string][] = [
    [details.getByLabel("First name"), "Cat"],
    [details.getByLabel("Last name"), "Lee"],
    [details.getByLabel("E-mail"), `cat-${run}@example.com`],
    [details.getByLabel("Phone"), "07700 900789"],
    [page.getByRole("group", { name: "Card" }).getByLabel("Card number"), "4242 4242 4242 4242"],
    [page.getByRole("group", { name: "Card" }).getByLabel("Name on card"), "CAT LEE"],
    [page.getByRole("group", { name: "Card" }).getByLabel("Expiry (MM/YY)"), "12/34"],
    [page.getByRole("group", { name: "Card" }).getByLabel("CVV"), "123"],
  ];
  for (const [field, value] of fields) {
    await tabTo(page, field);
    await page.keyboard.type(value);
  }
  await tabTo(page, page.getByRole("button", { name: /^Pay £/ }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();

  // The organiser sees all three, with the counts per size.
  await page.goto(`${organiserUrl.pathname}${organiserUrl.search}`);
  const roster = page.getByRole("table");
  for (const member of ["Ana Silva", "Ben Oak", "Cat Lee"])
    await expect(roster).toContainText(member);
  // Per product and option (issue 41): the rashguard's M apart from the gi's A2 and A3.
  const rashSizes = page.getByRole("list", {
    name: "Items per size: Mens Ranked Gorilla No-Gi Set (Rashguard)",
  });
  await expect(rashSizes).toHaveText("M: 1");
  const giSizes = page.getByRole("list", { name: "Items per size: Mens Grip Truth BJJ Gi (Gi)" });
  await expect(giSizes).toContainText("A2: 1");
  await expect(giSizes).toContainText("A3: 1");
  await expect(page.getByText("£180.00")).toBeVisible();
  await expectNoAxeViolations(page);
  // A roster with a bad size names its row and sends nothing.
  await page.getByLabel("Roster file (CSV)").setInputFiles({
    name: "roster.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `name,email,product,option,size,belt_rank,colour,print_name\nDee Ray,dee-${run}@example.com,mens-grip-truth-bjj-gi,Gi,Z9,,,\n`,
    ),
  });
  await page.getByRole("button", { name: "Check the roster" }).click();
  await expect(page.getByRole("list", { name: "Problems in the file" })).toContainText(
    'Row 2: "Z9" is not a size of Mens Grip Truth BJJ Gi',
  );
  // X-SEC-16: a good roster is previewed with its count first; only "Send" sends, once per address.
  await page.getByLabel("Roster file (CSV)").setInputFiles({
    name: "roster.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      `name,email,product,option,size,belt_rank,colour,print_name\nDee Ray,dee-${run}@example.com,mens-grip-truth-bjj-gi,Gi,A2,,,\nDee Ray,DEE-${run}@example.com,mens-grip-truth-bjj-gi,Gi,A2,,,\n`,
    ),
  });
  await page.getByRole("button", { name: "Check the roster" }).click();
  await expect(
    page.getByText(
      "This will send 1 e-mail, one per member (1 repeated address left out). Nothing has been sent yet",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send 1 e-mail" }).click();
  await expect(
    page.getByText("Sent 1 e-mail, one per member (1 repeated address left out)."),
  ).toBeVisible();

  // The owner's production sheet lists every name to print.
  await page.goto(`/admin/teams/${slug}`);
  const sheet = page.getByRole("table", { name: /Items to make/ });
  await expect(sheet).toContainText("ANA");
  await expect(sheet.getByRole("row")).toHaveCount(4);
  await expect(sheet).toContainText("(no name)");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `/tmp/teams-batch-${testInfo.project.name}.png`, fullPage: true });

  // The list of team stores, from the back office's navigation.
  const nav = await adminNav(page);
  await nav.getByRole("link", { name: "Teams" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team orders" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(teamName) });
  await expect(row).toContainText("3 of 3 minimum");
  await expectNoAxeViolations(page);
});

/** Nothing on the page is wider than the window: no sideways scrolling (issue 41). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}
