// Issue 49: the owner's shop, not the demo's. On a server of its own (node server.mjs, a
// throw-away DATA_DIR), so the shared server keeps the demo the other specs check:
// - X-OWN-1: with a seller e-mail and addresses unlike the demo's in the settings, every public
//   page (the route list, the sitemap, the information pages, tracking, the return request and
//   the footer; their meta and JSON-LD) names the owner's and never the demo's;
// - X-OWN-4: after "Remove demo content" no storefront page, meta or structured data claims a
//   sale, an outlet or a "was" price without a running promotion behind it.
import type { APIRequestContext } from "@playwright/test";
import { type BuiltServer, startBuiltServer } from "./built-server";
import { expect, OWNER, signInOwner, test } from "./fixtures";
import { PAGE_ROUTES } from "./routes";

const PORT = Number(process.env.E2E_PORT ?? 4173) + 26;

const SELLER = {
  name: "Mat Works Ltd",
  postalAddress: ["1 Canal Street", "Leeds", "LS1 1AA"],
  email: "shop@matworks.example",
  vatNumber: null,
  companyNumber: "09876543",
  returnsAddress: ["Returns Unit 4, Kirkstall Road", "Leeds", "LS3 1LH"],
  noticesTo: "orders@matworks.example",
};
const DEMO = ["hello@griptruth.co.uk", "Riverside Park Road", "TS2 1QW", "GRIP TRUTH Ltd"];

/** The pages a customer can reach: the route list, everything the sitemap names, and the rest. */
async function publicPaths(request: APIRequestContext, origin: string): Promise<string[]> {
  const sitemap = await (await request.get(`${origin}/sitemap.xml`)).text();
  const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]!).pathname,
  );
  const extra = ["/tracking", "/returns/request", "/cart", "/checkout", "/search?q=gi"];
  return [...new Set([...PAGE_ROUTES.map((route) => route.path), ...fromSitemap, ...extra])];
}

/** What a page says: its visible text, its meta descriptions and its structured data. */
function whatItSays(html: string): { text: string; meta: string; jsonLd: string } {
  const meta = [...html.matchAll(/<meta [^>]*content="([^"]*)"[^>]*>/g)]
    .map((match) => match[1]!)
    .join("\n");
  const jsonLd = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((match) => match[1]!)
    .join("\n");
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
  return { text, meta, jsonLd };
}

test.describe("on a shop of its own", () => {
  let server: BuiltServer | undefined;
  const origin = `http://localhost:${PORT}`;

  test.beforeAll(async () => {
    server = await startBuiltServer(
      {
        ADMIN_EMAIL: OWNER.email,
        ADMIN_PASSWORD: OWNER.password,
        NODE_ENV: "production",
        PAYMENTS: "sandbox",
      },
      PORT,
    );
    if (server.child.exitCode !== null)
      throw new Error(`The shop did not start:\n${server.output()}`);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("X-OWN-1 X-OWN-4: every public page names the owner's seller, never the demo's; after removing the demo no page claims a sale", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto(`${origin}/admin/settings`);
    await signInOwner(page);
    const put = await page.request.put(`${origin}/api/admin/settings`, {
      headers: { Origin: origin },
      data: { seller: SELLER },
    });
    expect(put.status()).toBe(200);

    const paths = await publicPaths(page.request, origin);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) {
      const response = await page.request.get(`${origin}${path}`);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const { text, jsonLd } = whatItSays(html);
      // The footer on every page: the owner's e-mail and address.
      expect(text, path).toContain(SELLER.email);
      expect(text, path).toContain("1 Canal Street, Leeds, LS1 1AA");
      for (const demo of DEMO) expect(html, `${path} names the demo's ${demo}`).not.toContain(demo);
      if (path === "/") {
        expect(jsonLd).toContain(SELLER.email);
        expect(jsonLd).toContain("Mat Works Ltd");
      }
    }

    // The pages that name the seller in their words, as a customer reads them.
    await page.goto(`${origin}/privacy-policy`);
    await expect(page.getByRole("main")).toContainText(
      "Mat Works Ltd, 1 Canal Street, Leeds, LS1 1AA (company number 09876543), is the controller",
    );
    await page.goto(`${origin}/contact`);
    await expect(
      page.getByRole("main").getByRole("link", { name: SELLER.email }).first(),
    ).toHaveAttribute("href", `mailto:${SELLER.email}`);
    await page.goto(`${origin}/terms-of-service`);
    await expect(page.getByRole("main")).toContainText("your contract is with Mat Works Ltd");
    await expect(page.getByTestId("footer-seller")).toContainText("Company number 09876543");
    const chart = await (await page.request.get(`${origin}/downloads/kids-size-chart.svg`)).text();
    expect(chart).toContain(SELLER.email);

    // X-OWN-4: the demo goes, and with it every sale claim no promotion backs.
    const removed = await page.request.post(`${origin}/api/admin/launch/remove-demo`, {
      headers: { Origin: origin },
    });
    expect(removed.status()).toBe(200);
    expect(await removed.json()).toMatchObject({ tilesRemoved: ["Up to 30% off"] });
    const claim = /\d+\s*%\s*off|\bsale\b|\boutlet\b|\bwas\s+£/i;
    // A bundle's saving is a genuine reduction: its price against its parts' (X-CAT-5).
    const bundle = /Save \d+\s*%|\d+\s*%\s*off the £\s*[\d.,]+\s*it would cost/g;
    for (const path of await publicPaths(page.request, origin)) {
      const said = whatItSays(await (await page.request.get(`${origin}${path}`)).text());
      const text = said.text.replace(bundle, "");
      const { meta, jsonLd } = said;
      expect(text.match(claim)?.[0], `${path}: visible text`).toBeUndefined();
      expect(meta.match(claim)?.[0], `${path}: meta`).toBeUndefined();
      expect(jsonLd.match(claim)?.[0], `${path}: structured data`).toBeUndefined();
    }
    await page.goto(origin);
    await expect(page.getByRole("region", { name: "Up to 30% off" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Shop Thai shorts/ })).toBeVisible();
  });
});
