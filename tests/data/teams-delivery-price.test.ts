import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailOutbox, orders, teamProducts, teams } from "~/db/schema";
import { loader as paymentPage } from "~/routes/payment";
import { loader as publicApi } from "~/routes/api.teams";
import { action as createApi } from "~/routes/api.admin.teams";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, postJson } from "./helpers";
import { testDb, useTestSettings } from "./shop";
import { checkout, makeTeam, memberPays, teamBody, teamGi } from "./team-fixtures";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie();
});

beforeEach(async () => {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(teamProducts);
  await db.delete(teams);
  await db.delete(mailOutbox);
});

const ADDRESS = "Redcar BJJ, 1 Coatham Road, Redcar TS10 1RH";

describe("issue 41: the team's own delivery price", () => {
  it("X-TEAM-6: a together member's delivery line reads 'With your team to <address>' at the team's price, decided by the server", async () => {
    const team = await makeTeam(cookie, { deliveryPricePence: 350 });
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
    const free = await makeTeam(cookie);
    const view = (await (await call(publicApi, `/api/teams/${free.slug}`, {}, { slug: free.slug })).json()) as { deliveryPricePence: number };
    expect(view.deliveryPricePence).toBe(0);

    const negative = await call(createApi, "/api/admin/teams", postJson(teamBody({ deliveryPricePence: -1 }), { cookie }));
    expect(negative.status).toBe(400);
    expect(((await negative.json()) as { error: string }).error).toMatch(/delivery price/);
    const individual = await call(createApi, "/api/admin/teams", postJson(teamBody({ delivery: "individual", deliveryPricePence: 300 }), { cookie }));
    expect(individual.status).toBe(400);
    expect(((await individual.json()) as { error: string }).error).toBe(
      "A delivery price is for delivery together; members of an individual team choose their own delivery.",
    );
  });
});
