import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema";
import { loader as paymentPage } from "~/routes/payment";
import { loader as publicApi } from "~/routes/api.teams";
import { action as createApi } from "~/routes/api.admin.teams";
import { action as productsApi } from "~/routes/api.admin.team-products";
import { action as noteApi } from "~/routes/api.admin.team-note";
import { action as closingApi } from "~/routes/api.admin.team-closing";
import { action as batchPage, loader as batchLoader } from "~/routes/admin.team";
import { OWNER } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";
import { checkout, makeTeam, memberPays, rashguard, teamBody, teamGi, useTeamShop } from "./team-fixtures";
import { loader as teamPage } from "~/routes/team";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const owner = useTeamShop();

const ADDRESS = "Redcar BJJ, 1 Coatham Road, Redcar TS10 1RH";

describe("issue 41: the team's own delivery price", () => {
  it("X-TEAM-6: a together member's delivery line reads 'With your team to <address>' at the team's price, decided by the server", async () => {
    const team = await makeTeam(owner.cookie, { deliveryPricePence: 350 });
    const view = (await (await call(publicApi, `/api/teams/${team.slug}`, {}, { slug: team.slug })).json()) as { deliveryPricePence: number };
    expect(view.deliveryPricePence).toBe(350);

    const response = await checkout({ cartItems: [teamGi(team.slug, { printName: "JORDAN" })], shippingMethod: "uk-express" });
    expect(response.status).toBe(200);
    const { sessionId } = (await response.json()) as { sessionId: string };
    const page = (await (await call(paymentPage, `/payment?session_id=${encodeURIComponent(sessionId)}`)).json()) as { order: { shippingMethodLabel: string; shippingPence: number; totalPence: number } };
    expect(page.order).toMatchObject({ shippingMethodLabel: `With your team to ${ADDRESS}`, shippingPence: 350, totalPence: 7500 + 350 });

    await memberPays([teamGi(team.slug, { printName: "SAM" })], { firstName: "Sam", lastName: "Oak", email: "sam@example.com" });
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.customerEmail, "sam@example.com"));
    expect(order).toMatchObject({ shippingPence: 350, totalPence: 7850, teamDeliveryAddress: ADDRESS });
  });

  it("X-TEAM-6: the delivery price defaults to £0; a negative one, or one on an individual team, is refused with a sentence", async () => {
    const free = await makeTeam(owner.cookie);
    const view = (await (await call(publicApi, `/api/teams/${free.slug}`, {}, { slug: free.slug })).json()) as { deliveryPricePence: number };
    expect(view.deliveryPricePence).toBe(0);

    const negative = await call(createApi, "/api/admin/teams", postJson(teamBody({ deliveryPricePence: -1 }), { cookie: owner.cookie }));
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { error: string }).error).toMatch(/delivery price/);
    const individual = await call(createApi, "/api/admin/teams", postJson(teamBody({ delivery: "individual", deliveryPricePence: 300 }), { cookie: owner.cookie }));
    expect(individual.status).toBe(400);
    expect(((await individual.json()) as { error: string }).error).toBe(
      "A delivery price is for delivery together; members of an individual team choose their own delivery.",
    );
  });
});

describe("issue 41: editing a team store while no member has paid", () => {
  const view = async (slug: string) =>
    (await (await call(publicApi, `/api/teams/${slug}`, {}, { slug })).json()) as { products: { optionType: string; teamPricePence: number }[] };
  const post = (action: typeof productsApi, path: string, slug: string, body: unknown) => call(action, path, postJson(body, { cookie: owner.cookie }), { slug });

  it("X-TEAM-8: products and team prices change before anyone pays; after a payment 409 with a sentence, while the closing date and the note still change", async () => {
    const { slug } = await makeTeam(owner.cookie);
    const gi = { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 6900 };
    const changed = await post(productsApi, `/api/admin/teams/${slug}/products`, slug, { products: [gi] });
    expect(changed.status).toBe(200);
    expect((await view(slug)).products.map((p) => [p.optionType, p.teamPricePence])).toEqual([["Gi", 6900]]);
    // A member now pays the new price, decided by the server.
    const response = await checkout({ cartItems: [teamGi(slug)] });
    const { sessionId } = (await response.json()) as { sessionId: string };
    const page = (await (await call(paymentPage, `/payment?session_id=${encodeURIComponent(sessionId)}`)).json()) as { order: { totalPence: number } };
    expect(page.order.totalPence).toBe(6900);
    // While that member is paying, the offer holds.
    const paying = await post(productsApi, `/api/admin/teams/${slug}/products`, slug, { products: [{ ...gi, teamPricePence: 5000 }] });
    expect(paying.status).toBe(409);

    const unknown = await post(productsApi, `/api/admin/teams/${slug}/products`, slug, { products: [{ ...gi, productId: "no-such-thing" }] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('We don\'t sell a product called "no-such-thing".');

    await memberPays([teamGi(slug, { size: "A3" })], { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
    const late = await post(productsApi, `/api/admin/teams/${slug}/products`, slug, { products: [{ ...gi, teamPricePence: 5000 }] });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(
      "Members have already paid for Redcar BJJ: spring kit, so its products and prices cannot change now; only the closing date and the note can.",
    );
    expect((await view(slug)).products.map((p) => p.teamPricePence)).toEqual([6900]);

    const later = new Date(Date.now() + 10 * 86_400_000);
    expect((await post(closingApi, `/api/admin/teams/${slug}/closing`, slug, { closesAt: later.toISOString() })).status).toBe(200);
    const note = await post(noteApi, `/api/admin/teams/${slug}/note`, slug, { note: "Kit arrives at the Saturday class." });
    expect(note.status).toBe(200);
    const members = (await (await call(teamPage, `/team/${slug}`, {}, { slug })).json()) as { note: string };
    expect(members.note).toBe("Kit arrives at the Saturday class.");
    const tooLong = await post(noteApi, `/api/admin/teams/${slug}/note`, slug, { note: "x".repeat(501) });
    expect(tooLong.status).toBe(400);
  });

  it("X-TEAM-8: the batch page's form changes the prices without JavaScript, and says why once it cannot", async () => {
    const { slug } = await makeTeam(owner.cookie);
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return { method: "POST", body, headers: { cookie: owner.cookie, origin: "http://shop.test" } };
    };
    const saved = await call(batchPage, `/admin/teams/${slug}`, form({ intent: "prices", "price-0": "25.00", "remove-1": "on" }), { slug });
    expect(saved.status).toBe(200);
    expect((await view(slug)).products.map((p) => [p.optionType, p.teamPricePence])).toEqual([["Rashguard", 2500]]);
    const bad = await call(batchPage, `/admin/teams/${slug}`, form({ intent: "prices", "price-0": "cheap" }), { slug });
    expect(bad.status).toBe(400);
    await memberPays([rashguard(slug)], { firstName: "Ana", lastName: "Silva", email: "ana@example.com" });
    const loaded = (await (await call(batchLoader, `/admin/teams/${slug}`, { headers: { cookie: owner.cookie } }, { slug })).json()) as { offerLocked?: string };
    expect(loaded.offerLocked).toMatch(/^Members have already paid/);
  });
});
