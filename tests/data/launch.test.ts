import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalogue } from "~/catalogue/store.server";
import { auditLog, discountCodes, productOptions, products, siteContent } from "~/db/schema";
import { action as removeDemo } from "~/routes/api.admin.launch-remove-demo";
import { loader as launchGet } from "~/routes/api.admin.launch";
import { action as settingsPut } from "~/routes/api.admin.settings";
import { action as sitePut } from "~/routes/api.admin.site";
import { action as promotionsPost } from "~/routes/api.admin.promotions";
import { action as validate } from "~/routes/api.discounts.validate";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

const asOwner = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", cookie, Origin: "http://shop.test" },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function checklist() {
  const response = await call(launchGet, "/api/admin/launch", { headers: { cookie } });
  expect(response.status).toBe(200);
  const { items } = (await response.json()) as {
    items: { id: string; done: boolean; label: string; href: string }[];
  };
  return Object.fromEntries(items.map((item) => [item.id, item]));
}

describe("X-TRUE-3: going live", () => {
  it("X-TRUE-3: a fresh shop's checklist is open, each item with a label and a link", async () => {
    const items = await checklist();
    expect(Object.keys(items)).toEqual([
      "public-address",
      "real-payments",
      "email-delivered",
      "seller",
      "delivery-returns",
      "demo-content",
    ]);
    for (const item of Object.values(items)) {
      expect(item.done).toBe(false);
      expect(item.label.length).toBeGreaterThan(10);
      expect(item.href).toMatch(/^\/admin\//);
    }
    expect(
      (await call(launchGet, "/api/admin/launch", {})).status,
      "owners only",
    ).toBe(401);
  });

  it("X-TRUE-3: saving the settings ticks seller and delivery; removing the demo archives the codes, clears the seed's 'was' prices and sale words, and says so", async () => {
    const db = await testDb();
    expect((await call(settingsPut, "/api/admin/settings", asOwner("PUT", { returns: { days: 14 } }))).status).toBe(200);
    let items = await checklist();
    expect(items.seller!.done).toBe(true);
    expect(items["delivery-returns"]!.done).toBe(true);
    expect(items["demo-content"]!.done).toBe(false);

    const withWas = [
      ...(await db.select().from(productOptions)).filter((o) => o.compareAtPricePence !== null),
      ...(await db.select().from(products)).filter((p) => p.compareAtPricePence !== null),
    ];
    expect(withWas.length).toBeGreaterThan(0);

    const response = await call(removeDemo, "/api/admin/launch/remove-demo", asOwner("POST"));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as {
      codesArchived: string[];
      pricesCleared: unknown[];
      bannerCleared: boolean;
      heroReplaced: boolean;
      message: string;
    };
    expect(answer.codesArchived).toEqual(["SAVE10", "SAVE20"]);
    expect(answer.pricesCleared.length).toBeGreaterThan(0);
    expect(answer).toMatchObject({ bannerCleared: true, heroReplaced: true });
    expect(answer.message).toMatch(/archived the codes SAVE10 and SAVE20/);

    const codes = await db.select().from(discountCodes);
    expect(codes.filter((c) => ["SAVE10", "SAVE20"].includes(c.code)).every((c) => !c.active)).toBe(true);
    const refused = await call(validate, "/api/discounts/validate", postJson({ code: "SAVE10", subtotal: 5000 }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const stillWas = [
      ...(await db.select().from(productOptions)).filter((o) => o.compareAtPricePence !== null),
      ...(await db.select().from(products)).filter((p) => p.compareAtPricePence !== null),
    ];
    expect(stillWas).toEqual([]);
    const [site] = await db.select().from(siteContent);
    expect(site!.bannerText).toBe("");
    expect(site!.heroHeading).not.toMatch(/% off/);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, "launch.remove_demo"));
    expect(audits).toHaveLength(1);

    items = await checklist();
    expect(items["demo-content"]!.done).toBe(true);
    // Twice changes nothing more.
    const again = (await (await call(removeDemo, "/api/admin/launch/remove-demo", asOwner("POST"))).json()) as { codesArchived: string[]; pricesCleared: unknown[] };
    expect(again).toMatchObject({ codesArchived: [], pricesCleared: [] });
  });

  it("X-TRUE-3: after removal, banner and hero never advertise a sale that is not running", async () => {
    const db = await testDb();
    expect(
      (await call(sitePut, "/api/admin/site", asOwner("PUT", { bannerText: "Summer sale: 25% off", heroHeading: "25% off kit" }))).status,
    ).toBe(200);
    let catalogue = await loadCatalogue(db, Date.now());
    expect(catalogue.sale).toBeNull();
    expect(catalogue.site.bannerText).toBe("");
    expect(catalogue.site.heroHeading).toBe("Built for the mat");

    const started = await call(promotionsPost, "/api/admin/promotions", asOwner("POST", { name: "Summer", percent: 25 }));
    expect(started.status).toBe(201);
    catalogue = await loadCatalogue(db, Date.now());
    expect(catalogue.sale).not.toBeNull();
    expect(catalogue.site.bannerText).toBe("Summer sale: 25% off");
    expect(catalogue.site.heroHeading).toBe("25% off kit");
  });
});
