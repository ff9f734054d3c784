import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, mailTo, signInOwner, test } from "./fixtures";

const GI = "Mens Grip Truth BJJ Gi (Gi)";
const RASHGUARD = "Mens Ranked Gorilla No-Gi Set (Rashguard)";
const ADDRESS = "Riptide BJJ\n4 Dojo Lane\nLeeds LS1 4AB";
const ONE_LINE = "Riptide BJJ, 4 Dojo Lane, Leeds LS1 4AB";

/** Signs the owner in, then opens a team store through the owner's API; answers its links. */
async function openStore(
  page: Page,
  baseURL: string,
  name: string,
  over: Record<string, unknown> = {},
) {
  await page.goto("/admin/teams");
  await signInOwner(page);
  const response = await page.request.post("/api/admin/teams", {
    headers: { origin: baseURL },
    data: {
      name,
      organiserName: "Coach Kim",
      organiserEmail: `kim-${Date.now()}@riptide.test`,
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      delivery: "together",
      deliveryAddress: ADDRESS,
      memberNames: true,
      fixedText: "RIPTIDE BJJ",
      products: [
        { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 },
        {
          productId: "mens-ranked-gorilla-no-gi-set",
          optionType: "Rashguard",
          teamPricePence: 3000,
        },
      ],
      ...over,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { slug: string; organiserUrl: string; memberUrl: string };
}

async function payByCard(page: Page, person: { first: string; last: string; email: string }) {
  const details = page.getByRole("group", { name: "Your details" });
  await details.getByLabel("First name").fill(person.first);
  await details.getByLabel("Last name").fill(person.last);
  await details.getByLabel("E-mail").fill(person.email);
  await details.getByLabel("Phone").fill("07700 900456");
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Name on card").fill(`${person.first} ${person.last}`);
  await card.getByLabel("Expiry (MM/YY)").fill("12/34");
  await card.getByLabel("CVV").fill("123");
  await page.getByRole("button", { name: /^Pay £/ }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
}

/** Nothing on the page is wider than the window: no sideways scrolling (390 and 320 px). */
async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

test("X-TEAM-6: a member of a team delivered together never sees an address field; the order page, packing slip and CSV show the team's address and their printed name", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { slug } = await openStore(page, baseURL!, `Riptide ${run}`);

  await page.goto(`/team/${slug}`);
  await expect(page.getByText(`Everything is sent together to ${ONE_LINE}`)).toBeVisible();
  const gi = page.getByRole("region", { name: GI });
  await gi.getByLabel("Size", { exact: true }).selectOption("A2");
  await gi.getByLabel("Your name to print (optional)").fill("JORDAN");
  await gi.getByRole("button", { name: /^Order/ }).click();
  await expect(page.getByTestId("team-delivery")).toHaveText(
    `With your team to ${ONE_LINE}: no delivery charge, and no address needed.`,
  );
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await expect(page.getByTestId("delivery-note")).toContainText(`With your team to ${ONE_LINE}`);
  for (const label of ["Address", "Town or city", "Postcode", "Country"]) {
    await expect(page.getByLabel(label)).toHaveCount(0);
  }
  await expect(page.getByRole("group", { name: "Billing" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: `/tmp/teams-pay-together-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await payByCard(page, { first: "Jordan", last: "Lee", email: `jordan-${run}@example.com` });

  const team = (await (await page.request.get(`/api/admin/teams/${slug}`)).json()) as {
    orders: { orderNumber: string }[];
  };
  const number = team.orders[0]!.orderNumber;

  await page.goto(`/admin/orders/${number}`);
  await expect(page.getByTestId("order-delivery")).toHaveText(`With your team to ${ONE_LINE}`);
  await expect(
    page.getByRole("heading", { name: "Shipping address (with the team's parcel)" }),
  ).toBeVisible();
  await expect(page.getByText("4 Dojo Lane").first()).toBeVisible();
  await expect(page.getByTestId("print-name")).toHaveText("JORDAN");
  await expect(page.getByTestId("line-team")).toHaveText(`Riptide ${run} (${slug})`);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `/tmp/teams-order-${testInfo.project.name}.png`, fullPage: true });

  await page.goto(`/admin/orders/print?orders=${number}`);
  const slip = page.getByRole("article", { name: `Packing slip ${number}` });
  await expect(slip.getByRole("region", { name: "Deliver to" })).toContainText("Jordan Lee");
  await expect(slip.getByRole("region", { name: "Deliver to" })).toContainText("4 Dojo Lane");
  await expect(
    slip.getByRole("region", { name: "Job sheet" }).getByTestId("print-name"),
  ).toHaveText("JORDAN");
  await expect(slip).toContainText(`With your team to ${ONE_LINE}`);
  await expectNoAxeViolations(page);

  const csv = await (await page.request.get(`/admin/orders/export.csv?q=${number}`)).text();
  const row = csv.split("\r\n").find((line) => line.startsWith(number))!;
  expect(row).toContain(`"With your team to ${ONE_LINE}"`);
  expect(row).toContain(`"Jordan Lee, ${ONE_LINE}, United Kingdom"`);
  expect(row).toContain(`${slug},JORDAN,Riptide ${run}`);
});

test("X-TEAM-8: Close now and Change closing date ask first, then the members' page shows the new state", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { slug } = await openStore(page, baseURL!, `Controls ${run}`);

  await page.goto(`/admin/teams/${slug}`);
  await page.getByLabel("New closing date and time (UK)").fill("2099-03-14T18:00");
  await page.getByRole("button", { name: "Change closing date" }).click();
  await expect(page.getByRole("heading", { name: /instead\?$/ })).toHaveText(
    `Close Controls ${run} on 14 March 2099 at 18:00 instead?`,
  );
  await expectNoAxeViolations(page);
  // Nothing changed until it is confirmed.
  await page.goto(`/team/${slug}`);
  await expect(page.getByText("14 March 2099")).toHaveCount(0);
  await page.goto(`/admin/teams/${slug}`);
  await page.getByLabel("New closing date and time (UK)").fill("2099-03-14T18:00");
  await page.getByRole("button", { name: "Change closing date" }).click();
  await page.getByRole("button", { name: "Yes, change the closing date" }).click();
  await expect(
    page.getByText("The store now closes 14 March 2099 at 18:00 (UK time)."),
  ).toBeVisible();
  await page.goto(`/team/${slug}`);
  await expect(page.getByText("14 March 2099 at 18:00")).toBeVisible();

  await page.goto(`/admin/teams/${slug}`);
  await page.getByRole("button", { name: "Close now" }).click();
  await expect(page.getByRole("heading", { name: `Close Controls ${run} now?` })).toBeVisible();
  await expect(page.getByText(/the organiser is e-mailed the closing summary/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: `/tmp/teams-close-ask-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await page.getByRole("button", { name: "Yes, close the store now" }).click();
  await expect(page.getByText(/^The team store is closed/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Close now" })).toHaveCount(0);

  await page.goto(`/team/${slug}`);
  const today = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Europe/London",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date());
  // With the time of day it really closed (issue 41).
  await expect(page.getByRole("alert")).toContainText(
    new RegExp(`This team order closed on ${today} at \\d\\d:\\d\\d\\.`),
  );
  await expect(page.getByRole("button", { name: /^Order/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("X-TEAM-7 X-SEC-25: an organiser-paid store takes three entries from the members' link without cards and one payment for all; the owner's production sheet lists three names", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { slug, organiserUrl, memberUrl } = await openStore(page, baseURL!, `Academy ${run}`, {
    payment: "organiser",
  });
  // X-SEC-25: the store's own link shows no entry form; the members' link (its key) does.
  await page.goto(`/team/${slug}`);
  await expect(
    page.getByText("Send your choice from the link your organiser shared"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Send my choice/ })).toHaveCount(0);
  const members = new URL(memberUrl);

  const team = [
    { name: "Jordan Lee", product: GI, size: "A2", print: "JORDAN" },
    { name: "Sam Park", product: GI, size: "A3", print: "SAM" },
    { name: "Ana Silva", product: RASHGUARD, size: "M", belt: "Blue", print: "ANA" },
  ];
  for (const [index, member] of team.entries()) {
    await page.goto(`${members.pathname}${members.search}`);
    if (index === 0) {
      await expect(page.getByText("Your organiser pays for the whole team")).toBeVisible();
      await expect(page.getByLabel("Card number")).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    const form = page.getByRole("region", { name: member.product });
    await form.getByLabel("Your name", { exact: true }).fill(member.name);
    await form.getByLabel("Your e-mail").fill(`${member.print.toLowerCase()}-${run}@example.com`);
    await form.getByLabel("Size", { exact: true }).selectOption(member.size);
    if (member.belt) await form.getByLabel("Belt rank").selectOption(member.belt);
    await form.getByLabel("Your name to print (optional)").fill(member.print);
    await form.getByRole("button", { name: /^Send my choice/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(
      `Thank you, ${member.name}: your choice is in.`,
    );
  }

  const organiser = new URL(organiserUrl);
  await page.goto(`${organiser.pathname}${organiser.search}`);
  const entries = page.getByRole("region", { name: "Entries you pay for" });
  for (const member of team) await expect(entries).toContainText(member.name);
  await expect(page.getByTestId("member-link")).toContainText(memberUrl);
  await expect(entries).toContainText("3 items, £180.00 at team prices; 3 left to pay (£180.00).");
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: `/tmp/teams-organiser-entries-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await page.getByRole("button", { name: "Pay for 3 items (£180.00)" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await expect(page.getByLabel("Address")).toHaveCount(0);
  await payByCard(page, { first: "Coach", last: "Kim", email: `kim-pays-${run}@example.com` });

  // Paid: nothing is left to pay.
  await page.goto(`${organiser.pathname}${organiser.search}`);
  await expect(page.getByRole("button", { name: /^Pay for/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Entries you pay for" })).toContainText(
    "0 left to pay",
  );

  await page.goto(`/admin/teams/${slug}`);
  const sheet = page.getByRole("table", { name: /Items to make/ });
  for (const member of team) await expect(sheet).toContainText(member.print);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `/tmp/teams-sheet-${testInfo.project.name}.png`, fullPage: true });
});

test("X-DAY-11 X-DAY-7: a store the academy pays for, from the opening e-mail to the production sheet, says who pays at each step and puts colour and belt rank on the sheet", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const organiserEmail = `kim-day11-${run}@riptide.test`;
  const HOODIE = "Mens Grip Truth Hoodie (Hoodies)";
  const { slug, organiserUrl, memberUrl } = await openStore(page, baseURL!, `Academy kit ${run}`, {
    payment: "organiser",
    organiserEmail,
    products: [
      { productId: "mens-grip-truth-hoodie", optionType: "Hoodies", teamPricePence: 3500 },
      { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", teamPricePence: 3000 },
    ],
  });

  // The opening e-mail tells the organiser the academy pays once, never that members pay.
  const opening = await mailTo(organiserEmail);
  expect(opening).toContain(
    "each sends their choice, no card needed, and you pay once for everyone",
  );
  expect(opening).toContain("is where you pay for everyone in one payment");
  expect(opening).not.toMatch(/pays? for their own kit/);

  const members = new URL(memberUrl);
  const team = [
    { name: "Jordan Lee", product: HOODIE, size: "M", colour: "Black", print: "JORDAN" },
    { name: "Sam Park", product: HOODIE, size: "M", colour: "Grey", print: "SAM" },
    { name: "Ana Silva", product: RASHGUARD, size: "M", belt: "Blue", print: "ANA" },
  ];
  for (const member of team) {
    await page.goto(`${members.pathname}${members.search}`);
    const form = page.getByRole("region", { name: member.product });
    await form.getByLabel("Your name", { exact: true }).fill(member.name);
    await form.getByLabel("Your e-mail").fill(`${member.print.toLowerCase()}-${run}@example.com`);
    await form.getByLabel("Size", { exact: true }).selectOption(member.size);
    if (member.colour) await form.getByLabel("Colour").selectOption(member.colour);
    if (member.belt) await form.getByLabel("Belt rank").selectOption(member.belt);
    await form.getByLabel("Your name to print (optional)").fill(member.print);
    await form.getByRole("button", { name: /^Send my choice/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toContainText(
      `Thank you, ${member.name}: your choice is in.`,
    );
  }

  // The organiser's page explains the roster upload as the academy's, and the payment page asks
  // for the payer, not "so the team can tell your kit apart".
  const organiser = new URL(organiserUrl);
  await page.goto(`${organiser.pathname}${organiser.search}`);
  await expect(
    page.getByText(/opens their choice ready to send \(no card: you pay for everyone once\)/),
  ).toBeVisible();
  await expect(page.getByText(/ready to pay/)).toHaveCount(0);
  await page.getByRole("button", { name: "Pay for 3 items (£100.00)" }).click();
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await expect(page.getByTestId("delivery-note")).toContainText(
    "You are paying for your team's kit",
  );
  await expect(page.getByTestId("delivery-note")).not.toContainText("tell your kit apart");
  await payByCard(page, { first: "Coach", last: "Kim", email: `kim-pays-${run}@example.com` });

  // The production sheet: a row per colour and belt rank, with the names to print.
  await page.goto(`/admin/teams/${slug}`);
  const sheet = page.getByRole("table", { name: /Items to make/ });
  await expect(sheet.getByRole("columnheader", { name: "Colour" })).toBeVisible();
  await expect(sheet.getByRole("columnheader", { name: "Belt rank" })).toBeVisible();
  await expect(
    sheet.getByRole("row", { name: /Mens Grip Truth Hoodie.*Black.*M.*JORDAN/ }),
  ).toBeVisible();
  await expect(
    sheet.getByRole("row", { name: /Mens Grip Truth Hoodie.*Grey.*M.*SAM/ }),
  ).toBeVisible();
  await expect(
    sheet.getByRole("row", { name: /Mens Ranked Gorilla No-Gi Set.*Blue.*M.*ANA/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({
    path: `/tmp/shots-h53/team-sheet-${testInfo.project.name}.png`,
    fullPage: true,
  });
});

test("X-TEAM-6 X-TEAM-8: the team's own delivery price reaches the member's payment; the owner changes prices and the note before anyone pays, and is told why not after", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { slug } = await openStore(page, baseURL!, `Riptide price ${run}`, {
    deliveryPricePence: 350,
  });

  // The owner lowers the gi's team price and leaves a note; no JavaScript needed, no e-mail.
  await page.goto(`/admin/teams/${slug}`);
  const offer = page.getByRole("region", { name: "Products and team prices" });
  await offer.getByLabel(`${GI}, team price £`).fill("70.00");
  await offer.getByRole("button", { name: "Save products and prices" }).click();
  await expect(page.getByText("The products and team prices are saved.")).toBeVisible();
  const note = page.getByRole("region", { name: "Note to members" });
  await note
    .getByLabel("Shown on the members' page (empty for none)")
    .fill("Kit comes to the Saturday class.");
  await note.getByRole("button", { name: "Save note" }).click();
  await expect(page.getByText("The note to members is saved.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `/tmp/teams-edit-${testInfo.project.name}.png`, fullPage: true });

  await page.goto(`/team/${slug}`);
  await expect(page.getByTestId("team-note")).toHaveText("Kit comes to the Saturday class.");
  await expect(
    page.getByText(`Everything is sent together to ${ONE_LINE}: delivery £3.50 per order`),
  ).toBeVisible();
  const gi = page.getByRole("region", { name: GI });
  await gi.getByLabel("Size", { exact: true }).selectOption("A2");
  await gi.getByRole("button", { name: /^Order/ }).click();
  await expect(page.getByTestId("team-delivery")).toHaveText(
    `With your team to ${ONE_LINE}: delivery £3.50 per order, and no address needed.`,
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("delivery-note")).toContainText(
    `With your team to ${ONE_LINE}: delivery £3.50 per order`,
  );
  await expect(page.getByRole("button", { name: "Pay £73.50" })).toBeVisible();
  await payByCard(page, { first: "Sam", last: "Oak", email: `sam-${run}@example.com` });

  // Someone has paid: the prices hold, and the page says why.
  await page.goto(`/admin/teams/${slug}`);
  const locked = page.getByRole("region", { name: "Products and team prices" });
  await expect(locked.getByText(/^Members have already paid for/)).toBeVisible();
  await expect(locked.getByRole("button", { name: "Save products and prices" })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("X-TEAM-2 X-TEAM-3: the members' page shows each product's picture, sizes and size guide; the organiser's counts are per product and option; the team pages fit 320 px", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now()}`;
  const { slug, organiserUrl } = await openStore(page, baseURL!, `Riptide pages ${run}`);

  await page.goto(`/team/${slug}`);
  const gi = page.getByRole("region", { name: GI });
  await expect(gi.getByRole("img")).toHaveAttribute("alt", /.+/);
  await expect(gi.getByText(/^Sizes: .*A2/)).toBeVisible();
  await expect(gi.getByText("£75.00")).toBeVisible();
  await expect(gi.getByText("Printed on it: RIPTIDE BJJ")).toBeVisible();
  await gi.getByText("Size guide").click();
  await expect(gi.getByRole("table").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: `/tmp/teams-members-${testInfo.project.name}.png`,
    fullPage: true,
  });
  await gi.getByLabel("Size", { exact: true }).selectOption("A2");
  await gi.getByLabel("Your name to print (optional)").fill("JORDAN");
  await gi.getByRole("button", { name: /^Order/ }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await payByCard(page, { first: "Jordan", last: "Lee", email: `jordan-${run}@example.com` });

  // The organiser's counts: per product and option.
  const organiser = new URL(organiserUrl);
  await page.goto(`${organiser.pathname}${organiser.search}`);
  await expect(page.getByRole("list", { name: `Items per size: ${GI}` })).toHaveText("A2: 1");
  await expectNoAxeViolations(page);

  // At 320 px nothing but the labelled scroll regions is wider than the window.
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await expectNoSidewaysScroll(page);
  await expect(
    page.getByRole("region", { name: "Who has ordered (scrolls sideways)" }),
  ).toBeVisible();
  await page.goto(`/admin/teams/${slug}`);
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("region", { name: "Roster (scrolls sideways)" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({
    path: `/tmp/teams-admin-320-${testInfo.project.name}.png`,
    fullPage: true,
  });
});
