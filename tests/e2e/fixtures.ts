import { mkdirSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  type Route,
} from "@playwright/test";

/** Pages most tests visit; the splash is marked as seen so it does not cover them. */
export const test = base.extend<{ showSplash: boolean }>({
  showSplash: [false, { option: true }],
  page: async ({ page, showSplash, javaScriptEnabled }, use) => {
    if (!showSplash) {
      await page.addInitScript(() => sessionStorage.setItem("gt-splash-seen", "1"));
    }
    if (javaScriptEnabled !== false) {
      // A page's buttons and boxes work once React has hydrated it (app/root.tsx marks that);
      // `load` alone does not say so, and a page from the HTML cache arrives fast enough to be
      // pressed before. Every page.goto waits for it, for HTML pages, unless the test asks to act
      // as soon as the navigation commits (what shows before the JavaScript, e.g. the splash).
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const type = response?.headers()["content-type"] ?? "";
        if (type.startsWith("text/html") && options?.waitUntil !== "commit") {
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        }
        return response;
      };
    }
    await use(page);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/** The back office's sections: behind "Menu" at phone width (a <details>), in view when wider. */
export async function adminNav(page: Page) {
  const nav = page.getByRole("navigation", { name: "Back office" });
  if ((page.viewportSize()?.width ?? 1280) < 640) await nav.locator("summary").click();
  return nav;
}

/** Closes the phone-width menu again, so it no longer covers the page. */
export async function closeAdminNav(page: Page) {
  const details = page.getByRole("navigation", { name: "Back office" }).locator("details[open]");
  if (await details.count()) await details.locator("summary").click();
}

/** A full-page screenshot of the back office into ADMIN_SCREENSHOTS, when that is set (for looking at). */
export async function shot(page: Page, name: string) {
  const dir = process.env.ADMIN_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

/** The owner scripts/e2e-server.mjs creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const OWNER = { email: "owner@griptruth.test", password: "e2e owner password" };

/** Signs in on the login page the browser is on (after a redirect to /admin/login). */
export async function signInOwner(page: Page) {
  await page.getByLabel("E-mail").fill(OWNER.email);
  await page.getByLabel("Password").fill(OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

/**
 * Holds the page's script files (or those matching `pattern`) until `release()`: the page is
 * shown and answers taps as it does before its JavaScript arrives, for as long as the test needs,
 * however slow or busy the machine (never a fixed delay the machine could outlast).
 */
export async function holdScripts(page: Page, pattern: RegExp = /\/assets\/.*\.js$/) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await held;
    await route.continue().catch(() => undefined);
  };
  await page.route(pattern, handler);
  return {
    /** Lets the held scripts (and any asked for later) load. */
    release: async () => {
      release();
      await page.unroute(pattern, handler);
    },
  };
}

/** The readable text of every e-mail to `email` in the server's outbox folder, as sent so far. */
export async function mailsTo(email: string): Promise<string[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, "outbox");
  // Only finished mails: the shop writes each to `<name>.eml.<uuid>` and renames it into place
  // (app/mail/mailer.server.ts), so a file without the .eml ending may be gone by the time it is
  // read. A finished file is never renamed or removed again.
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) =>
    file.endsWith(".eml"),
  );
  const texts = await Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
  return (
    texts
      // The To header itself: the shop's own notices (X-DAY-5) carry the customer as Reply-To.
      .filter((raw) =>
        raw
          .split(/\r?\n\r?\n/)[0]!
          .split(/\r?\n/)
          .includes(`To: ${email}`),
      )
      .map((raw) =>
        Buffer.from(
          raw
            .replace(/=\r?\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
      )
  );
}

/** The first e-mail to `email`, once the outbox worker has sent it. */
export async function mailTo(email: string): Promise<string> {
  await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThan(0);
  return (await mailsTo(email))[0]!;
}

/** A paid order for a gi with a custom name, bought through the shop's own API and payment page. */
export async function buyGi(
  request: APIRequestContext,
  email: string,
  name: string,
  shippingMethod = "uk-standard",
): Promise<string> {
  return (await buyGiSession(request, email, name, shippingMethod)).orderNumber;
}

/** The same, with its payment session's id (for /order-confirmation?session_id=…). */
export async function buyGiSession(
  request: APIRequestContext,
  email: string,
  name: string,
  shippingMethod = "uk-standard",
) {
  return buyItems(
    request,
    email,
    [
      {
        productId: "mens-grip-truth-bjj-gi",
        optionType: "Gi",
        size: "A2",
        quantity: 1,
        customText: name,
        nameCustomisation: true,
      },
    ],
    shippingMethod,
  );
}

/** A paid order for these cart lines, bought through the shop's own API and payment page. */
export async function buyItems(
  request: APIRequestContext,
  email: string,
  cartItems: Record<string, unknown>[],
  shippingMethod = "uk-standard",
) {
  const checkout = await request.post("/api/create-checkout-session", {
    data: { cartItems, shippingMethod },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const paid = await request.post(`/payment?session_id=${encodeURIComponent(sessionId)}`, {
    form: {
      firstName: "Rosa",
      lastName: "Mendes",
      email,
      phone: "07700 900789",
      address: "9 Harbour Street",
      city: "Whitby",
      postcode: "YO21 3PU",
      country: "United Kingdom",
      sameAsShipping: "on",
      cardNumber: "4242 4242 4242 4242",
      cardName: "ROSA MENDES",
      expiryDate: "12/34",
      cvv: "123",
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const verify = await request.post("/api/verify-order", { data: { sessionId } });
  const { session } = (await verify.json()) as { session: { order_number: string } };
  return { orderNumber: session.order_number, sessionId };
}

/** Grey hoodies in L, paid for: what the return and exchange specs buy. */
export function buyHoodies(request: APIRequestContext, email: string, quantity: number) {
  const hoodie = {
    productId: "mens-grip-truth-hoodie",
    optionType: "Hoodies",
    size: "L",
    color: "Grey",
  };
  return buyItems(request, email, [{ ...hoodie, quantity }]);
}

/**
 * The owner dispatches a paid order from its page: signs in there; made to order, marks it in
 * production, then made (issue 53: an order off the shelf reads "Ready to dispatch" and skips
 * both); then sends it with a carrier and a tracking number.
 */
export async function dispatchOrder(
  page: Page,
  orderNumber: string,
  carrier = "DPD",
  trackingNumber = "15501234567",
) {
  await page.goto(`/admin/orders/${orderNumber}`);
  await signInOwner(page);
  const fulfilment = page.getByTestId("order-fulfilment-status");
  await expect(fulfilment).toHaveText(/^(Ready to dispatch|Not yet made)$/);
  if ((await fulfilment.textContent()) === "Not yet made") {
    await page.getByRole("button", { name: "Mark in production" }).click();
    await expect(page.getByRole("status")).toHaveText("Order in production.");
    await page.getByRole("button", { name: "Mark made" }).click();
    await expect(page.getByRole("status")).toHaveText("Order made.");
  }
  await page.getByLabel("Carrier").selectOption(carrier);
  await page.getByLabel("Tracking number").fill(trackingNumber);
  await page.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(page.getByRole("status")).toHaveText("Order dispatched.");
}

/** The payment page filled with a good address and Stripe's test card (the sandbox takes it). */
export async function fillPaymentForm(page: Page, email: string) {
  const shipping = page.getByRole("group", { name: "Shipping" });
  await shipping.getByLabel("First name").fill("Ines");
  await shipping.getByLabel("Last name").fill("Okafor");
  await shipping.getByLabel("Address").fill("12 Quay Street");
  await shipping.getByLabel("Town or city").fill("Bristol");
  await shipping.getByLabel("Postcode").fill("BS1 4DJ");
  await shipping.getByLabel("E-mail").fill(email);
  await shipping.getByLabel("Phone").fill("07700 900123");
  const card = page.getByRole("group", { name: "Card" });
  await card.getByLabel("Card number").fill("4242 4242 4242 4242");
  await card.getByLabel("Name on card").fill("INES OKAFOR");
  await card.getByLabel("Expiry (MM/YY)").fill("12/34");
  await card.getByLabel("CVV").fill("123");
}

/** The lines of the cart page's list. */
export const cartLines = (page: Page) =>
  page.getByRole("main").getByRole("list", { name: "Items in your cart" }).locator(":scope > li");
