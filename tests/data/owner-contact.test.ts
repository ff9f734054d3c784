// Issue 49, X-OWN-1: who the shop is comes from the owner's settings in every e-mail and on the
// packing slip. The settings name a seller unlike the demo's; every e-mail the shop writes for an
// order's life (confirmation, each step, a return's acknowledgement, the shop's own notices, an
// enquiry) and the slip carry the new values and never the demo's. The public pages are walked
// in a browser spec (tests/e2e/owner-contact.spec.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders } from "~/db/schema";
import { receiveEnquiry } from "~/enquiries/enquiries.server";
import { DEMO_SELLER } from "~/policy/shop-settings";
import { createReturnRequest } from "~/returns/requests.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as settingsPut, loader as settingsGet } from "~/routes/api.admin.settings";
import { action as statusApi } from "~/routes/api.admin.order-status";
import { loader as printSlips } from "~/routes/admin.orders.print";
import { action as pay } from "~/routes/payment";
import { action as siteApi, loader as siteGet } from "~/routes/api.admin.site";
import { loader as homePage } from "~/routes/home";
import { action as removeDemo } from "~/routes/api.admin.launch-remove-demo";
import { DEMO_HOME_BLOCKS } from "~/catalogue/home-blocks";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, decodeMail, outbox, paymentForm, postJson } from "./helpers";
import { testDb, theShop, useTestSettings } from "./shop";

useTestSettings({
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  OWNER_NOTIFICATIONS: "on",
});

/** The owner's seller, unlike the demo's in every field. */
const SELLER = {
  name: "Mat Works Ltd",
  postalAddress: ["1 Canal Street", "Leeds", "LS1 1AA"],
  email: "shop@matworks.example",
  vatNumber: null,
  companyNumber: "09876543",
  returnsAddress: ["Returns Unit 4, Kirkstall Road", "Leeds", "LS3 1LH"],
  noticesTo: "orders@matworks.example",
};

/** What must never appear once the owner has named themselves. */
const DEMO = [DEMO_SELLER.email, "Riverside Park Road", "TS2 1QW", DEMO_SELLER.name];

function expectOwnersOnly(text: string, what: string) {
  for (const demo of DEMO) {
    expect(text, `${what} still names the demo's ${demo}`).not.toContain(demo);
  }
}

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
  const response = await call(settingsPut, "/api/admin/settings", {
    method: "PUT",
    headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
    body: JSON.stringify({ seller: SELLER }),
  });
  expect(response.status).toBe(200);
});

const setStatus = (orderNumber: string, body: unknown) =>
  call(statusApi, `/api/admin/orders/${orderNumber}/status`, postJson(body, { cookie }), {
    orderNumber,
  });

function headersOf(mail: string): string[] {
  return mail.split("\r\n\r\n")[0]!.split(/\r?\n/);
}

describe("X-OWN-1: the seller from the settings in every e-mail and on the slip", () => {
  it("X-OWN-1: the settings keep the returns and notices addresses, and an older document without them still saves", async () => {
    const saved = (await (await call(settingsGet, "/api/admin/settings", { headers: { cookie } })).json()) as {
      seller: typeof SELLER;
    };
    expect(saved.seller).toEqual(SELLER);
    // A client that knows nothing of the new fields (issue 39's shape) is still answered.
    const older = {
      name: SELLER.name,
      postalAddress: SELLER.postalAddress,
      email: SELLER.email,
      vatNumber: SELLER.vatNumber,
      companyNumber: SELLER.companyNumber,
    };
    const put = (seller: unknown) =>
      call(settingsPut, "/api/admin/settings", {
        method: "PUT",
        headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
        body: JSON.stringify({ seller }),
      });
    const response = await put(older);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { seller: typeof SELLER }).seller).toMatchObject({
      returnsAddress: null,
      noticesTo: null,
    });
    const bad = await put({ ...SELLER, noticesTo: "not an address" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "seller.noticesTo" });
    expect((await put(SELLER)).status).toBe(200);
  });

  it("X-OWN-1, X-UK-4, X-OWN-5: an order's every e-mail, the shop's notices and the slip name the owner's seller, never the demo's", async () => {
    const before = new Set((await outbox()).map((m) => m.file));
    const db = await testDb();

    // A paid order: the confirmation to the customer and the paid-order notice to the shop.
    const session = await call(
      createSession,
      "/api/create-checkout-session",
      postJson({
        cartItems: [{ productId: "mens-england-no-gi-set", optionType: "Shorts", size: "M", quantity: 1 }],
        shippingMethod: "uk-standard",
      }),
    );
    const { sessionId } = (await session.json()) as { sessionId: string };
    try {
      await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
        method: "POST",
        body: paymentForm({ email: "maya@example.com", firstName: "Maya", lastName: "Hart" }),
      });
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
    }
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toBeDefined();

    // Each step the customer is told of.
    expect((await setStatus(order!.orderNumber, { status: "in_production" })).status).toBe(200);
    expect(
      (await setStatus(order!.orderNumber, { status: "dispatched", carrier: "Royal Mail", trackingNumber: "RM123456789GB" })).status,
    ).toBe(200);
    expect((await setStatus(order!.orderNumber, { status: "delivered" })).status).toBe(200);

    // A return: its acknowledgement to the customer and its notice to the shop.
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const returned = await createReturnRequest(
      db,
      { orderNumber: order!.orderNumber, email: "maya@example.com", lineIds: [line!.id], reason: "Too small" },
      theShop().settings,
      new Date(),
    );
    expect(returned.ok).toBe(true);

    // An enquiry, forwarded to the shop.
    const enquiry = await receiveEnquiry(
      db,
      {
        name: "Coach Lee",
        email: "coach@example.com",
        garmentTypes: ["Rashguards"],
        message: "Twenty rashguards for our club, please.",
      },
      theShop().settings,
    );
    expect(enquiry.ok).toBe(true);

    const mails = (await outbox()).filter((m) => !before.has(m.file)).map((m) => decodeMail(m.text));
    const to = (address: string) => mails.filter((m) => headersOf(m).includes(`To: ${address}`));
    const customer = to("maya@example.com");
    // The confirmation, in production, dispatched, delivered, the return's acknowledgement.
    expect(customer).toHaveLength(5);
    // The shop's own: the paid order, the return request and the enquiry, to "notices to".
    expect(to(SELLER.noticesTo)).toHaveLength(3);
    expect(to(SELLER.email)).toHaveLength(0);
    expect(to(DEMO_SELLER.email)).toHaveLength(0);

    for (const mail of mails) expectOwnersOnly(mail, headersOf(mail).find((h) => h.startsWith("Subject:")) ?? "a mail");
    const confirmation = customer.find((m) => m.includes("Sold by"))!;
    expect(confirmation).toContain(SELLER.name);
    expect(confirmation).toContain("1 Canal Street");
    expect(confirmation).toContain("Company number 09876543");
    expect(confirmation).toContain(`write to ${SELLER.email}`);
    // X-OWN-5: the owner's window, with the legal right explained once.
    expect(confirmation).toContain("30-day returns on non-personalised items: your 14-day right to cancel is included.");
    for (const step of customer.filter((m) => m !== confirmation && !m.includes("return request"))) {
      expect(step).toContain(`write to ${SELLER.email}`);
    }
    const acknowledgement = customer.find((m) => m.includes("Returns address"))!;
    expect(acknowledgement).toContain("Returns Unit 4, Kirkstall Road");
    expect(acknowledgement).toContain("LS3 1LH");
    expect(acknowledgement).toContain("Post them within 30 days of today");
    expect(acknowledgement).toContain(`write to ${SELLER.email}`);

    // The packing slip (X-OPS-5): the seller, the returns address and the e-mail for questions.
    const slip = await call(printSlips, `/admin/orders/print?orders=${order!.orderNumber}`, {
      headers: { cookie },
    });
    const slipText = JSON.stringify(await slip.json());
    expect(slipText).toContain(SELLER.email);
    expect(slipText).toContain("Returns Unit 4, Kirkstall Road");
    expect(slipText).toContain("1 Canal Street");
    expectOwnersOnly(slipText, "the packing slip");
  });
});

describe("X-OWN-4: the home page's blocks are the owner's", () => {
  const putSite = (body: unknown) =>
    call(siteApi, "/api/admin/site", {
      method: "PUT",
      headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
      body: JSON.stringify(body),
    });
  const home = async () =>
    (await (await call(homePage, "/", {})).json()) as {
      site: { home: typeof DEMO_HOME_BLOCKS };
      tiles: { title: string; link: string; image: unknown }[];
    };

  it("X-OWN-4: a fresh shop shows the demo's blocks; the owner's replace them; a link off the shop is refused; removing the demo takes every sale tile down", async () => {
    expect((await home()).site.home).toEqual(DEMO_HOME_BLOCKS);
    expect((await home()).tiles.map((t) => t.title)).toContain("Up to 30% off");

    const mine = {
      heroCta: "See the gis",
      heroLink: "/mens/bjj-gi",
      heroProductIds: ["mens-grip-truth-bjj-gi"],
      tiles: [
        { ...DEMO_HOME_BLOCKS.tiles[1]!, title: "Clearance: up to 40% off" },
        {
          eyebrow: "Kids",
          title: "Kit for kids",
          text: "Gis and rashguards in kids' sizes.",
          cta: "Shop kids",
          link: "/kids",
          productId: "kids-grip-truth-bjj-gi",
          tone: "light",
        },
      ],
    };
    expect((await putSite({ home: mine })).status).toBe(200);
    const read = (await (await call(siteGet, "/api/admin/site", { headers: { cookie } })).json()) as {
      home: typeof mine;
    };
    expect(read.home).toEqual(mine);
    const shown = await home();
    expect(shown.tiles.map((t) => [t.title, t.link])).toEqual([
      ["Clearance: up to 40% off", "/mens"],
      ["Kit for kids", "/kids"],
    ]);
    expect(shown.tiles[1]!.image).not.toBeNull();

    const offSite = await putSite({ home: { ...mine, heroLink: "https://elsewhere.example/" } });
    expect(offSite.status).toBe(400);
    expect(((await offSite.json()) as { error: string }).error).toMatch(/path of the shop/);

    const removed = await call(removeDemo, "/api/admin/launch/remove-demo", {
      method: "POST",
      headers: { cookie, Origin: "http://shop.test" },
    });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ tilesRemoved: ["Clearance: up to 40% off"] });
    expect((await home()).tiles.map((t) => t.title)).toEqual(["Kit for kids"]);
  });
});
