import { beforeAll, beforeEach } from "vitest";
import { mailOutbox, orders, teamProducts, teams } from "~/db/schema";
import { signInCookie } from "./admin-fixtures";
import { call, paymentForm, postJson } from "./helpers";
import { testDb } from "./shop";
import { action as createApi } from "~/routes/api.admin.teams";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";

/** No orders, team stores or mail: where every team test starts. */
export async function wipeTeams(): Promise<void> {
  const db = await testDb();
  await db.delete(orders);
  await db.delete(teamProducts);
  await db.delete(teams);
  await db.delete(mailOutbox);
}

/**
 * The team tests' start: the owner signs in once for the file, and every test begins with no
 * orders, team stores or mail (`wipeTeams`). Read `owner.cookie` inside a test.
 */
export function useTeamShop(): { readonly cookie: string } {
  const owner = { cookie: "" };
  beforeAll(async () => {
    owner.cookie = await signInCookie();
  });
  beforeEach(wipeTeams);
  return owner;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** The example store: a ranked rashguard (belt ranks) and a gi at team prices. */
export function teamBody(over: Record<string, unknown> = {}) {
  return {
    name: "Redcar BJJ: spring kit",
    organiserName: "Coach Dan",
    organiserEmail: "dan@redcarbjj.test",
    closesAt: inDays(7).toISOString(),
    delivery: "together",
    deliveryAddress: "Redcar BJJ, 1 Coatham Road, Redcar TS10 1RH",
    minimumItems: 3,
    memberNames: true,
    fixedText: "REDCAR BJJ",
    products: [
      { productId: "mens-ranked-gorilla-no-gi-set", optionType: "Rashguard", teamPricePence: 3000 },
      { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", teamPricePence: 7500 },
    ],
    ...over,
  };
}

export async function makeTeam(cookie: string, over: Record<string, unknown> = {}) {
  const response = await call(createApi, "/api/admin/teams", postJson(teamBody(over), { cookie }));
  if (response.status !== 201) throw new Error(`team not made: ${await response.text()}`);
  return (await response.json()) as { slug: string; url: string; organiserUrl: string; memberUrl: string };
}

let member = 0;
/** Each member checks out from an address of their own (each has its own quota). */
export const memberAddress = () => ({ "x-client-address": `203.0.113.${(member++ % 250) + 1}` });

export const rashguard = (slug: string, over: Record<string, unknown> = {}) => ({
  productId: "mens-ranked-gorilla-no-gi-set",
  optionType: "Rashguard",
  size: "M",
  beltRank: "Blue",
  quantity: 1,
  team: slug,
  ...over,
});
export const teamGi = (slug: string, over: Record<string, unknown> = {}) => ({
  productId: "mens-grip-truth-bjj-gi",
  optionType: "Gi",
  size: "A2",
  quantity: 1,
  team: slug,
  ...over,
});

export function checkout(body: unknown) {
  return call(createSession, "/api/create-checkout-session", postJson(body, memberAddress()));
}

/** A member's checkout and sandbox payment; answers the order's session id. */
export async function memberPays(
  cartItems: unknown[],
  person: { firstName: string; lastName: string; email: string },
) {
  const response = await checkout({ cartItems });
  if (response.status !== 200) throw new Error(`checkout refused: ${await response.text()}`);
  const { sessionId } = (await response.json()) as { sessionId: string };
  const url = `/payment?session_id=${encodeURIComponent(sessionId)}`;
  const paid = await call(pay, url, { method: "POST", body: paymentForm(person) });
  if (paid.status >= 400) throw new Error(`payment refused: ${await paid.text()}`);
  return sessionId;
}
