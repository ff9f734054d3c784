import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb, useTestSettings } from "./shop";
import { mailOutbox, orders } from "~/db/schema";
import { OWNER } from "./admin-fixtures";
import { call, paymentForm } from "./helpers";
import { checkout, makeTeam, rashguard, teamGi, useTeamShop } from "./team-fixtures";
import { action as pay, loader as paymentPage } from "~/routes/payment";
import { loader as orderApi } from "~/routes/api.admin.order";
import { loader as orderPage } from "~/routes/admin.order";
import { loader as slipPage } from "~/routes/admin.orders.print";
import { loader as exportCsv } from "~/routes/admin.orders.export";
import { loader as teamCheckout } from "~/routes/team-checkout";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const owner = useTeamShop();

const ADDRESS = "Redcar BJJ, 1 Coatham Road, Redcar TS10 1RH";

/** A member's checkout; answers its session id. */
async function checkoutOf(cartItems: unknown[]) {
  const response = await checkout({ cartItems });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** The member pays with only a name, e-mail, phone and card: no address field is sent. */
const memberOnly = (over: Record<string, string> = {}) => {
  const form = paymentForm({ firstName: "Jordan", lastName: "Lee", email: "jordan@example.com", ...over });
  for (const field of ["address", "city", "postcode", "country", "sameAsShipping"]) form.delete(field);
  return form;
};

describe("X-TEAM-6 delivered together: the team's address, the printed name everywhere", () => {
  it("X-TEAM-6 a together member gives no address; the order, e-mail, page, slip, CSV and JSON say the team's address and the printed name", async () => {
    const team = await makeTeam(owner.cookie);
    const sessionId = await checkoutOf([teamGi(team.slug, { printName: "JORDAN" })]);
    const url = `/payment?session_id=${encodeURIComponent(sessionId)}`;

    // The payment page asks no address and names the delivery.
    const page = (await (await call(paymentPage, url)).json()) as { order: { withTeam: boolean; shippingMethodLabel: string; shippingPence: number } };
    expect(page.order).toMatchObject({ withTeam: true, shippingMethodLabel: `With your team to ${ADDRESS}`, shippingPence: 0 });

    // A name is still needed; no address is.
    const noName = await call(pay, url, { method: "POST", body: memberOnly({ firstName: "" }) });
    expect(await noName.text()).toContain("Please give your name, e-mail and phone.");
    const paid = await call(pay, url, { method: "POST", body: memberOnly() });
    expect(paid.status).toBe(302);

    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(order).toMatchObject({
      paymentStatus: "paid",
      shippingPence: 0,
      teamDeliverySlug: team.slug,
      teamDeliveryAddress: ADDRESS,
      shippingAddress: { firstName: "Jordan", lastName: "Lee", address: ADDRESS, city: "", postcode: "", country: "United Kingdom" },
      billingAddress: null,
    });

    // Even a form that carries a home address does not move the parcel.
    const second = await checkoutOf([teamGi(team.slug, { printName: "SAM" })]);
    await call(pay, `/payment?session_id=${encodeURIComponent(second)}`, { method: "POST", body: paymentForm({ firstName: "Sam", address: "12 Mat Lane" }) });
    const [other] = await db.select().from(orders).where(eq(orders.paymentSessionId, second));
    expect(other!.shippingAddress).toMatchObject({ firstName: "Sam", address: ADDRESS });

    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, "jordan@example.com"), eq(mailOutbox.kind, "order-confirmation")));
    expect(mail!.text).toContain(`Delivery: With your team to ${ADDRESS}`);
    expect(mail!.text).toContain("Delivering with your team to:");
    expect(mail!.text).toContain("Name to print: JORDAN");
    expect(mail!.text).not.toContain("UK standard");

    const number = order!.orderNumber;
    const json = (await (await call(orderApi, `/api/admin/orders/${number}`, { headers: { cookie: owner.cookie } }, { orderNumber: number })).json()) as Record<string, unknown> & { lines: Record<string, unknown>[] };
    expect(json.team_delivery).toEqual({ team: team.slug, address: ADDRESS });
    expect(json.lines[0]).toMatchObject({ team: team.slug, team_name: "Redcar BJJ: spring kit", print_name: "JORDAN", custom_text: "REDCAR BJJ" });

    const detail = (await (await call(orderPage, `/admin/orders/${number}`, { headers: { cookie: owner.cookie } }, { orderNumber: number })).json()) as { deliveryLabel: string; lines: { teamName: string; printName: string }[] };
    expect(detail.deliveryLabel).toBe(`With your team to ${ADDRESS}`);
    expect(detail.lines[0]).toMatchObject({ teamName: "Redcar BJJ: spring kit", printName: "JORDAN" });

    const slips = (await (await call(slipPage, `/admin/orders/print?orders=${number}`, { headers: { cookie: owner.cookie } })).json()) as { slips: { deliveryLabel: string; order: { shippingAddress: { address: string } }; lines: { printName: string; teamName: string }[] }[] };
    expect(slips.slips[0]).toMatchObject({ deliveryLabel: `With your team to ${ADDRESS}`, order: { shippingAddress: { address: ADDRESS } }, lines: [{ printName: "JORDAN", teamName: "Redcar BJJ: spring kit" }] });

    const csv = await (await call(exportCsv, `/admin/orders/export.csv?q=${number}`, { headers: { cookie: owner.cookie } })).text();
    const row = csv.split("\r\n").find((line) => line.startsWith(number))!;
    expect(row).toContain(`"With your team to ${ADDRESS.replaceAll('"', '""')}"`);
    expect(row).toContain(`"Jordan Lee, ${ADDRESS}, United Kingdom"`);
    expect(row.endsWith(`${team.slug},JORDAN,Redcar BJJ: spring kit`)).toBe(true);
  });

  it("X-TEAM-6 the team checkout step says where it goes; an individual team and a mixed cart still ask an address", async () => {
    const team = await makeTeam(owner.cookie);
    const step = (await (await call(teamCheckout, `/team/${team.slug}/checkout?productId=mens-grip-truth-bjj-gi&optionType=Gi&size=A2&printName=JORDAN`, {}, { slug: team.slug })).json()) as { teamAddress: string; shippedToMember: boolean };
    expect(step).toMatchObject({ teamAddress: ADDRESS, shippedToMember: false });

    const home = await makeTeam(owner.cookie, { name: "Home kit", delivery: "individual", deliveryAddress: null });
    const db = await testDb();
    for (const items of [[rashguard(home.slug)], [teamGi(team.slug), { productId: "mens-grip-truth-bjj-gi", optionType: "Gi", size: "A2", quantity: 1 }]]) {
      const sessionId = await checkoutOf(items);
      const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
      expect(order!.teamDeliveryAddress).toBeNull();
      const refused = await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, { method: "POST", body: memberOnly() });
      expect(await refused.text()).toContain("Please fill in all required shipping and billing fields");
    }
  });
});
