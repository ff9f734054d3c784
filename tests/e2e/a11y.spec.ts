import type { Page } from "@playwright/test";
import sharp from "sharp";
import { buyGiSession, expect, expectNoAxeViolations, OWNER, signInOwner, test } from "./fixtures";
import { PAGE_ROUTES } from "./routes";

// Issue 42: what axe cannot see (X-SHOP-3, X-A11Y-1..7 in docs/requirements.md).

/** How far the page scrolls sideways: 0 when it reflows (WCAG 1.4.10). */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

/** What sticks out on the right, for the failure message: the outermost too-wide element. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = [...document.querySelectorAll("body *")].filter(
      (element) => element.getBoundingClientRect().right > width + 0.5,
    );
    const outer = out.filter((element) => !out.includes(element.parentElement!));
    return outer
      .slice(0, 3)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}">`,
      )
      .join(", ");
  });

/** Live regions inside another live region: each message in one of them is read twice. */
const nestedLiveRegions = (page: Page) =>
  page.evaluate(() => {
    const live =
      '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"]';
    return [...document.querySelectorAll(live)]
      .filter((region) => region.parentElement?.closest(live))
      .map((region) => region.outerHTML.slice(0, 120));
  });

async function sessionForCheckout(page: Page) {
  const response = await page.request.post("/api/create-checkout-session", {
    data: {
      cartItems: [{ productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 }],
      shippingMethod: "uk-standard",
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** A team store (organiser pays) with one entry, opened by the signed-in owner: its slug and
 *  the organiser's page. */
async function teamWithAnEntry(page: Page, baseURL: string) {
  const team = await page.request.post("/api/admin/teams", {
    headers: { origin: baseURL },
    data: {
      name: `Reflow Academy ${Date.now()}`,
      organiserName: "Coach Kim",
      organiserEmail: `kim-${Date.now()}@reflow.test`,
      closesAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      delivery: "together",
      deliveryAddress: "Reflow BJJ\n4 Dojo Lane\nLeeds LS1 4AB",
      memberNames: true,
      fixedText: "REFLOW BJJ",
      payment: "organiser",
      products: [{ productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 }],
    },
  });
  expect(team.status()).toBe(201);
  const { slug, organiserUrl, memberUrl } = (await team.json()) as {
    slug: string;
    organiserUrl: string;
    memberUrl: string;
  };
  // X-SEC-25: members send their choice from the members' link.
  const members = new URL(memberUrl);
  await page.goto(`${members.pathname}${members.search}`);
  const entry = page.getByRole("region", { name: "Mens Grip Truth BJJ Gi (Gi)" });
  await entry.getByLabel("Your name", { exact: true }).fill("Jordan Lee-Featherstonehaugh");
  await entry.getByLabel("Your e-mail").fill(`jordan-${Date.now()}@example.com`);
  await entry.getByLabel("Size", { exact: true }).selectOption("A2");
  await entry.getByLabel("Your name to print (optional)").fill("JORDAN");
  await entry.getByRole("button", { name: /^Send my choice/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();
  const organiser = new URL(organiserUrl);
  return { slug, organiserPath: `${organiser.pathname}${organiser.search}` };
}

test.describe("at 320 px wide", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("X-SHOP-3 X-A11Y-5: no storefront page the suite visits scrolls sideways at 320 px", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width: the viewport is set here");
    test.setTimeout(180_000);
    // Bought first (a paid order empties this browser's cart), then a cart for /cart and /checkout.
    const { sessionId: paid } = await buyGiSession(
      page.request,
      `reflow-${Date.now()}@example.com`,
      "REFLOW",
    );
    const unpaid = await sessionForCheckout(page);
    await page.goto("/product/kids-grip-truth-bjj-gi");
    await page.getByRole("group", { name: /^Size/ }).getByText("M1", { exact: true }).click();
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    const paths = [
      ...PAGE_ROUTES.map((route) => route.path),
      "/search?q=gi",
      "/product/mens-grip-n-trip-thai-shorts/reviews",
      "/product/mens-grip-n-trip-thai-shorts/reviews/new",
      "/checkout",
      `/payment?session_id=${encodeURIComponent(unpaid)}`,
      `/order-confirmation?session_id=${encodeURIComponent(paid)}`,
      "/no-such-page",
    ];
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const over = await sideways(page);
      if (over > 0) wide.push(`${path}: ${over} px too wide (${await widest(page)})`);
    }
    expect(wide).toEqual([]);
  });

  test("X-SHOP-3 X-A11Y-5: no back-office page scrolls sideways at 320 px", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width: the viewport is set here");
    test.setTimeout(180_000);
    const orderNumber = (
      await buyGiSession(page.request, `reflow-office-${Date.now()}@example.com`, "OFFICE")
    ).orderNumber;
    await page.goto("/admin/login");
    expect(await sideways(page)).toBe(0);
    await page.goto("/admin/forgot-password");
    expect(await sideways(page)).toBe(0);
    await page.goto("/admin/login");
    await signInOwner(page);
    const { slug } = await teamWithAnEntry(page, baseURL!);
    const paths = [
      `/team/${slug}`,
      "/admin/teams",
      "/admin/teams/new",
      `/admin/teams/${slug}`,
      "/admin",
      "/admin/orders",
      `/admin/orders/${orderNumber}`,
      "/admin/orders/print",
      "/admin/customers",
      "/admin/owners",
      "/admin/stock",
      "/admin/returns",
      "/admin/reviews",
      "/admin/enquiries",
      "/admin/discounts",
      "/admin/products",
      "/admin/products/new",
      "/admin/products/mens-grip-truth-bjj-gi",
      "/admin/site",
      "/admin/settings",
      "/admin/launch",
      "/admin/no-such-page",
    ];
    // A customer's page: the first in the list (the order above made one).
    await page.goto("/admin/customers");
    const customer = await page
      .getByRole("main")
      .locator('a[href^="/admin/customers/"]')
      .first()
      .getAttribute("href");
    paths.push(customer!);
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      const over = await sideways(page);
      if (over > 0) wide.push(`${path}: ${over} px too wide (${await widest(page)})`);
    }
    expect(wide).toEqual([]);
  });

  test("X-SHOP-3 X-A11Y-5: the organiser's page does not scroll sideways at 320 px", async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width: the viewport is set here");
    await page.goto("/admin/login");
    await signInOwner(page);
    const { organiserPath } = await teamWithAnEntry(page, baseURL!);
    await page.goto(organiserPath);
    expect(await sideways(page), await widest(page)).toBe(0);
  });
});

/** A picture of the box around an element (its focus ring is drawn just outside it). */
async function around(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  const pad = 8;
  await page.waitForTimeout(350); // transitions (a card's shadow) end
  return page.screenshot({
    clip: {
      x: box.x - pad,
      y: box.y - pad,
      width: box.width + 2 * pad,
      height: box.height + 2 * pad,
    },
    animations: "disabled",
    caret: "hide",
  });
}

/** How many pixels differ clearly (by more than 32 in a channel) between two pictures; the
 *  raster's own noise (a shadow's antialiasing) stays under it. */
async function pixelsChanged(one: Buffer, other: Buffer) {
  const [a, b] = await Promise.all(
    [one, other].map((png) => sharp(png).removeAlpha().raw().toBuffer()),
  );
  if (a!.length !== b!.length) return Number.POSITIVE_INFINITY;
  let changed = 0;
  for (let i = 0; i < a!.length; i += 3) {
    const d = Math.max(
      Math.abs(a![i]! - b![i]!),
      Math.abs(a![i + 1]! - b![i + 1]!),
      Math.abs(a![i + 2]! - b![i + 2]!),
    );
    if (d > 32) changed++;
  }
  return changed;
}

/** Reaches the element from the keyboard: focus before it, then Tab (so :focus-visible holds). */
async function tabTo(page: Page, selector: string) {
  const element = page.locator(selector).first();
  await element.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(element).toBeFocused();
}

test("X-SHOP-3 X-A11Y-1: a product card, a button, a link and a text box each show a visible focus", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "focus rings are the same at every width");
  const kinds = [
    {
      path: "/accessories",
      kind: "product card",
      shot: "article:has(h3 a[href^='/product/'])",
      focus: "article h3 a[href^='/product/']",
    },
    {
      path: "/accessories",
      kind: "button",
      shot: "article button:has-text('Add to Cart')",
      focus: "article button:has-text('Add to Cart')",
    },
    {
      path: "/accessories",
      kind: "header link",
      shot: "header a[href='/']",
      focus: "header a[href='/']",
    },
    { path: "/tracking", kind: "text box", shot: "#track-order", focus: "#track-order" },
  ];
  for (const { path, kind, shot, focus } of kinds) {
    if (new URL(page.url(), "http://x").pathname !== path) await page.goto(path);
    await page.mouse.move(0, 0);
    await page.locator(shot).first().scrollIntoViewIfNeeded();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const before = await around(page, shot);
    await tabTo(page, focus);
    const focused = await around(page, shot);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const after = await around(page, shot);
    // The same picture without focus twice (nothing else moved), and a different one with it.
    expect(await pixelsChanged(after, before), `${kind}: steady without focus`).toBeLessThan(10);
    // A ring: at least a 1 px line around the control (hundreds of pixels).
    expect(await pixelsChanged(focused, before), `${kind}: focus is visible`).toBeGreaterThan(100);
  }
});

const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute("name") ?? active?.tagName ?? "";
  });

test("X-SHOP-3 X-A11Y-2: the payment page marks its required fields, and an error summary takes the focus and links to each wrong field", async ({
  page,
}) => {
  const sessionId = await sessionForCheckout(page);
  await page.goto(`/payment?session_id=${encodeURIComponent(sessionId)}`);
  const shipping = page.getByRole("group", { name: "Shipping" });
  const card = page.getByRole("group", { name: "Card" });
  for (const box of [
    shipping.getByLabel("First name"),
    shipping.getByLabel("Postcode"),
    shipping.getByLabel("E-mail"),
    card.getByLabel("Card number"),
    card.getByLabel("CVV"),
  ]) {
    await expect(box).toHaveAttribute("required", "");
  }
  await expect(page.getByText("Fields marked * are required.")).toBeVisible();

  await shipping.getByLabel("First name").fill("Maya");
  await shipping.getByLabel("E-mail").fill("not an address");
  const pay = page.getByRole("button", { name: /^Pay £/ });
  await pay.focus();
  await page.keyboard.press("Enter");
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("There is a problem");
  await expect(summary).toContainText("Please fill in all required shipping and billing fields");
  const links = summary.getByRole("link");
  await expect(links).toHaveText([
    "Enter the last name for delivery",
    "Enter the delivery address",
    "Enter the delivery town or city",
    "Enter the delivery postcode",
    "Enter an e-mail address like name@example.com",
    "Enter your phone number",
    "Enter the card number",
    "Enter the name on the card",
    "Enter the card's expiry date as MM/YY",
    "Enter the card's 3-digit security code (CVV)",
  ]);
  // Each wrong field is invalid and says its own message; a right one is not.
  await expect(shipping.getByLabel("First name")).not.toHaveAttribute("aria-invalid");
  await expect(shipping.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expect(shipping.getByLabel("Postcode")).toHaveAccessibleDescription(
    "Enter the delivery postcode",
  );
  await expect(card.getByLabel("Card number")).toHaveAccessibleDescription(
    "The long number on the front of the card; spaces are fine. Enter the card number",
  );
  // A summary line takes the keyboard to its field.
  await links.filter({ hasText: "postcode" }).click();
  await expect(shipping.getByLabel("Postcode")).toBeFocused();
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-SHOP-2 X-A11Y-2: the payment page's answer has the same summary, focused, and the same field messages", async ({
    page,
  }) => {
    const sessionId = await sessionForCheckout(page);
    await page.goto(`/payment?session_id=${encodeURIComponent(sessionId)}`);
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page).toHaveURL(/\/payment\?session_id=/);
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Please fill in all required shipping and billing fields");
    await expect(
      summary.getByRole("link", { name: "Enter the delivery postcode" }),
    ).toHaveAttribute("href", "#pay-postcode");
    const postcode = page.getByRole("group", { name: "Shipping" }).getByLabel("Postcode");
    await expect(postcode).toHaveAttribute("aria-invalid", "true");
    await expect(postcode).toHaveAccessibleDescription("Enter the delivery postcode");
  });

  test("X-SHOP-2 X-A11Y-2: the enquiry form's answer has the focused summary and field messages without JavaScript", async ({
    page,
  }) => {
    await page.goto("/customisation");
    const form = page.locator("#enquiry");
    await form.getByRole("button", { name: "Send enquiry" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Please enter your name." })).toHaveAttribute(
      "href",
      "#enquiry-name",
    );
    await expect(form.getByLabel("Your name")).toHaveAttribute("aria-invalid", "true");
  });

  test("X-SHOP-2 X-A11Y-2: a wrong password at /admin/login gets the focused summary without JavaScript", async ({
    page,
  }) => {
    await page.goto("/admin/login");
    await page.getByLabel("E-mail").fill(OWNER.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused({ timeout: 30_000 });
    await expect(summary.getByRole("link")).toHaveText(
      "That e-mail and password do not match an owner account.",
    );
    await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  });
});

test("X-SHOP-3 X-A11Y-2 X-A11Y-7: /admin/login names the wrong fields in a focused summary, and the button keeps the focus while signing in", async ({
  page,
}) => {
  await page.goto("/admin/login");
  await expect(page.getByLabel("E-mail")).toHaveAttribute("required", "");
  await page.getByRole("button", { name: "Sign in" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    "Enter your e-mail address.",
    "Enter your password.",
  ]);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription("Enter your e-mail address.");

  await page.getByLabel("E-mail").fill(OWNER.email);
  await page.getByLabel("Password").fill("not the password");
  // The button is never `disabled`, so the focus stays on it until the answer comes.
  const button = page.getByRole("button", { name: /Sign in|Signing in/ });
  // The answer is held until the focus is checked: a wrong password can be answered (and the
  // summary focused) before an assertion first looks.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/login/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toBeFocused();
  release();
  // (A password hash can take a while on a busy machine.)
  await expect(summary).toContainText("That e-mail and password do not match an owner account.", {
    timeout: 30_000,
  });
  await expect(summary.getByRole("link")).toHaveText(
    "That e-mail and password do not match an owner account.",
  );
  await expect(summary).toBeFocused();
  await expect(button).not.toHaveAttribute("disabled");
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  // One live region per message: the sentence is in no live region (the focus says it).
  expect(
    await page.evaluate(
      () => document.querySelectorAll("[aria-live]:not([aria-live=off]) [role=alert]").length,
    ),
  ).toBe(0);
  await expectNoAxeViolations(page);
});

test("X-SHOP-3 X-A11Y-3: after an in-app page change the focus is on the new page's heading, said once (no live announcement beside it)", async ({
  page,
}) => {
  await page.goto("/");
  const announcer = page.getByTestId("route-announcer");
  // Not on the first load.
  await expect(announcer).toHaveText("");
  // A link in the page's first load (the footer's code comes beside it: a footer link followed
  // before that code has arrived opens its page as a link without JavaScript does).
  await page.getByRole("main").getByRole("link", { name: "Shop now" }).click();
  await expect(page).toHaveURL(/\/mens$/);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
  // The focused heading is read; the live region does not say the page a second time.
  await expect(announcer).toHaveText("");
  expect(await page.locator("[aria-live=polite][data-testid=route-announcer]").count()).toBe(1);
});

test("X-SHOP-3 X-A11Y-4 (issue 56): the confirmation page has no time limit: the order is still shown 30 s later, nothing counts down", async ({
  page,
}, testInfo) => {
  const { sessionId } = await buyGiSession(
    page.request,
    `a11y-stay-${testInfo.project.name}-${Date.now()}@example.com`,
    "ALLY",
  );
  await page.clock.install();
  await page.goto(`/order-confirmation?session_id=${encodeURIComponent(sessionId)}`);
  const number = page.getByTestId("order-number");
  await expect(number).toHaveText(/^GT-/);
  const shown = await number.textContent();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.clock.runFor(30_000);
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/);
  await expect(number).toHaveText(shown!);
  await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/");
  // Nothing on the page is a live region: the page is read once, as it is.
  await expect(page.getByRole("main").locator("[aria-live], [role=status]")).toHaveCount(0);
  await expectNoAxeViolations(page);
});

/** Presses Tab (or Shift+Tab) until `found` says the focused element is the one, as a keyboard
 *  user would; fails after 80 presses. */
async function tabUntil(page: Page, found: () => Promise<boolean>, key = "Tab") {
  for (let i = 0; i < 80; i++) {
    if (await found()) return;
    await page.keyboard.press(key);
  }
  throw new Error(`not reached with ${key}`);
}

const isFocused = (page: Page, selector: string) => () =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element === document.activeElement);

const nameIs = (page: Page, name: string) => async () => (await activeName(page)) === name;

test("X-SHOP-3 X-A11Y-2 X-A11Y-3: a keyboard-only purchase at 390 px, with the focus checked after each step", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the phone width (390 px)");
  test.setTimeout(120_000);
  const email = `keyboard-${Date.now()}@example.com`;
  // Product: Tab to "Add to Cart", Enter. The focus stays on the button; the badge counts it.
  await page.goto("/product/knee-pads");
  await tabUntil(page, isFocused(page, "main button:text-is('Add to Cart')"));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(page.getByRole("button", { name: "Add to Cart", exact: true })).toBeFocused();

  // Cart: back up to the header's cart button; the panel opens with the focus inside it.
  await tabUntil(page, isFocused(page, "header button[aria-label*='art']"), "Shift+Tab");
  await page.keyboard.press("Enter");
  const panel = page.locator("dialog[open]");
  await expect(panel).toBeVisible();
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")))).toBe(
    true,
  );

  // Checkout: the panel's link; an in-app page change puts the focus on the new heading.
  await tabUntil(page, isFocused(page, "dialog[open] a[href='/checkout']"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeFocused();
  await expect(page.getByTestId("route-announcer")).toHaveText("");

  // Pay: a new page load (the payment page is the provider's), the focus at its start.
  await tabUntil(page, isFocused(page, "main button[value=pay]"));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/payment\?session_id=/);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // Payment error: Pay with nothing filled in; the summary takes the focus.
  await tabUntil(page, isFocused(page, "main button[type=submit]"));
  await page.keyboard.press("Enter");
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("Please fill in all required shipping and billing fields");
  // Its first link takes the focus to the first wrong field.
  await page.keyboard.press("Tab");
  await expect(summary.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Enter");
  expect(await activeName(page)).toBe("firstName");

  // Payment: each field reached with Tab and typed into.
  const fields: [string, string][] = [
    ["firstName", "Kira"],
    ["lastName", "Stone"],
    ["address", "3 Quay Street"],
    ["city", "Bristol"],
    ["postcode", "BS1 4DJ"],
    ["email", email],
    ["phone", "07700 900111"],
    ["cardNumber", "4242 4242 4242 4242"],
    ["cardName", "KIRA STONE"],
    ["expiryDate", "12/34"],
    ["cvv", "123"],
  ];
  for (const [name, value] of fields) {
    await tabUntil(page, nameIs(page, name));
    await page.keyboard.type(value);
  }
  await tabUntil(page, isFocused(page, "main button[type=submit]"));
  await page.keyboard.press("Enter");
  // Paid: the confirmation's heading has the focus (an in-app page change after the post).
  await expect(page).toHaveURL(/\/order-confirmation\?session_id=/, { timeout: 20_000 });
  await expect(
    page.getByRole("heading", { level: 1, name: "Thank you for your order!" }),
  ).toBeFocused();
  await expect(page.getByTestId("amount-paid")).toBeVisible();
  await expectNoAxeViolations(page);
});

test("X-SHOP-3 X-A11Y-2 X-A11Y-7: /tracking and 'Find my order' answer an unknown order in a focused summary, said once", async ({
  page,
}) => {
  await page.goto("/tracking");
  await page.getByLabel("Order number").fill("GT-99999");
  await page.getByLabel("E-mail address").fill("nobody@example.com");
  await page.getByRole("button", { name: "Track order" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary).toContainText("We couldn't find an order");
  // In no live region (the focus says it), and not also an alert.
  expect(
    await summary.evaluate((element) => Boolean(element.closest("[aria-live],[role=alert]"))),
  ).toBe(false);
  await expectNoAxeViolations(page);

  await page.goto("/returns/request");
  await page.getByLabel("Order number").fill("GT-99999");
  await page.getByLabel("E-mail", { exact: true }).fill("nobody@example.com");
  const find = page.getByRole("button", { name: "Find my order" });
  await find.focus();
  await page.keyboard.press("Enter");
  await expect(summary).toBeFocused();
  await expect(find).not.toHaveAttribute("disabled");
  await expectNoAxeViolations(page);
});

test("X-SHOP-3 X-A11Y-2: a refused discount code keeps the focus on Apply and marks the box invalid", async ({
  page,
}) => {
  await page.goto("/accessories");
  await page.getByRole("button", { name: /Add to Cart.*Knee Pads/ }).click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await page.goto("/checkout");
  const code = page.getByLabel("Discount code");
  await code.fill("NOPE");
  const apply = page.getByRole("button", { name: /Apply|Checking/ });
  await apply.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Invalid discount code.")).toBeVisible();
  await expect(apply).toBeFocused();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription("Invalid discount code.");
});

/** Fills /admin/products/new with a product whose prices are not prices (read by the server). */
async function productWithBadPrices(page: Page, id: string) {
  await page.getByLabel("Id (its address: /product/…)").fill(id);
  await page.getByLabel("Name", { exact: true }).fill("Summary Patch");
  await page.getByLabel("Description", { exact: true }).fill("A patch for the summary.");
  await page.getByLabel("Price (£)", { exact: true }).first().fill("twelve");
  const option = page.getByRole("group", { name: "Add an option" });
  await option.getByLabel("Type").fill("Patch");
  await option.getByLabel("Price (£)", { exact: true }).fill("5.00");
  await option.getByLabel("Sizes", { exact: true }).fill("One size");
  await option.getByLabel("Size finder chart").fill("nonsense");
}

test("X-A11Y-2 X-A11Y-3: the back office's product form names its wrong fields in a focused summary, keeps what was typed, and the focus goes to the message once created and saved", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = `e2e-summary-${Date.now()}`;
  await page.goto("/admin/login?next=/admin/products/new");
  await signInOwner(page);
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await productWithBadPrices(page, id);
  await page.getByRole("button", { name: "Create product" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  const links = summary.getByRole("link");
  await expect(links).toHaveText([
    'Price: "twelve" is not a price in pounds, like 34.99.',
    /^Option Patch: /,
  ]);
  const price = page.getByLabel("Price (£)", { exact: true }).first();
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(price).toHaveAccessibleDescription(
    /With options: the price on cards.*"twelve" is not a price in pounds/,
  );
  const chart = page.getByRole("group", { name: "Add an option" }).getByLabel("Size finder chart");
  await expect(chart).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).not.toHaveAttribute("aria-invalid");
  // What was typed is kept; a summary line takes the keyboard to its field.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Summary Patch");
  await links.first().click();
  await expect(price).toBeFocused();
  // The summary is said by the focus, from no live region (X-A11Y-7).
  expect(
    await summary.evaluate((element) => Boolean(element.closest("[aria-live],[role=alert]"))),
  ).toBe(false);
  await expectNoAxeViolations(page);

  // The shop's own rules (the name too long for it) are put by their field as well.
  await price.fill("");
  await chart.fill("");
  await page.getByLabel("Name", { exact: true }).fill("N".repeat(500));
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(summary).toBeFocused();
  await expect(links).toHaveText([/^The name can be at most \d+ characters\.$/]);
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Created: the message has the focus (X-A11Y-3); a busy Save keeps the focus on itself.
  await page.getByLabel("Name", { exact: true }).fill("Summary Patch");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${id}\\?created=1$`));
  await expect(
    page.getByRole("status").filter({ hasText: "Summary Patch created." }),
  ).toBeFocused();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/admin/products/${id}`), async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const save = page.getByRole("button", { name: "Save product" });
  await save.focus();
  await page.keyboard.press("Enter");
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expect(save).toBeFocused();
  release();
  await expect(page.getByRole("status")).toHaveText("Summary Patch saved.");
  await expect(page.getByRole("status")).toBeFocused();
  expect(await nestedLiveRegions(page)).toEqual([]);
});

test.describe("the product form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("X-SHOP-2 X-A11Y-2: the product form's answer has the focused summary and field messages without JavaScript", async ({
    page,
  }) => {
    await page.goto("/admin/login?next=/admin/products/new");
    await signInOwner(page);
    await expect(page).toHaveURL(/\/admin\/products\/new$/);
    await productWithBadPrices(page, `e2e-summary-nojs-${Date.now()}`);
    await page.getByRole("button", { name: "Create product" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole("link", { name: 'Price: "twelve" is not a price in pounds, like 34.99.' }),
    ).toHaveAttribute("href", "#product-price");
    await expect(page.getByLabel("Price (£)", { exact: true }).first()).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Summary Patch");
  });
});

test("X-A11Y-7: the back office's order page and /tracking say each answer in one live region", async ({
  page,
}) => {
  const { orderNumber } = await buyGiSession(
    page.request,
    `live-${Date.now()}@example.com`,
    "LIVE",
  );
  await page.goto(`/admin/login?next=/admin/orders/${orderNumber}`);
  await signInOwner(page);
  const move = page.getByRole("button", { name: "Mark in production" });
  await move.click();
  await expect(page.getByRole("status")).toHaveText("Order in production.");
  expect(await nestedLiveRegions(page)).toEqual([]);
  await page.goto("/tracking");
  await page.getByLabel("Order number").fill("GT-99999");
  await page.getByLabel("E-mail address").fill("nobody@example.com");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByTestId("error-summary")).toBeFocused();
  expect(await nestedLiveRegions(page)).toEqual([]);
});
