import { describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { orders } from "~/db/schema";
import { OWNER } from "./admin-fixtures";
import { checkout, makeTeam, rashguard, teamGi, useTeamShop } from "./team-fixtures";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const owner = useTeamShop();

/** £59.99 of ordinary goods: under the £75 free-delivery threshold on its own. */
const kidsGi = { productId: "kids-grip-truth-bjj-gi", optionType: "Gi", size: "M2", quantity: 1, customText: "MAYA", nameCustomisation: true };

async function orderOf(response: Response) {
  expect(response.status).toBe(200);
  const db = await testDb();
  const [order] = await db.select().from(orders);
  return order!;
}

describe("X-SEC-21 team prices stand alone", () => {
  it("X-SEC-21 a team line delivered together does not lift £59.99 of ordinary items to free delivery", async () => {
    const { slug } = await makeTeam(owner.cookie, { delivery: "together" });
    // £30 of team kit plus £59.99 of the buyer's own: £89.99, but only £59.99 is theirs.
    const order = await orderOf(await checkout({ cartItems: [rashguard(slug), kidsGi], shippingMethod: "uk-standard" }));
    expect(order.subtotalPence).toBe(8999);
    expect(order.shippingPence).toBeGreaterThan(0);
    expect(order.totalPence).toBe(8999 + order.shippingPence);
  });

  it("X-SEC-21 a £75 team gi delivered to the member alone is not free delivery", async () => {
    const { slug } = await makeTeam(owner.cookie, { delivery: "individual", deliveryAddress: null });
    const order = await orderOf(await checkout({ cartItems: [teamGi(slug)], shippingMethod: "uk-standard" }));
    expect(order.subtotalPence).toBe(7500);
    expect(order.shippingPence).toBeGreaterThan(0);
  });

  it("X-SEC-21 a discount code takes nothing off a team price, only off the ordinary items", async () => {
    const { slug } = await makeTeam(owner.cookie);
    const order = await orderOf(await checkout({ cartItems: [teamGi(slug), kidsGi], discountCode: "SAVE10" }));
    expect(order.subtotalPence).toBe(7500 + 5999);
    // 10% of £59.99, not of £134.99.
    expect(order.discountPence).toBe(600);
    // A cart of team lines alone gets no discount at all.
    const db = await testDb();
    await db.delete(orders);
    const teamOnly = await orderOf(await checkout({ cartItems: [teamGi(slug)], discountCode: "SAVE10" }));
    expect(teamOnly.discountPence).toBe(0);
    expect(teamOnly.totalPence).toBe(7500);
  });
});
