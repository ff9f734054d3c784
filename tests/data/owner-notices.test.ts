import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { mailOutbox, orderLines, orders } from "~/db/schema";
import { ownerNoticeRecipient } from "~/mail/owner-notice.server";
import { parseEnv } from "~/server/env.server";
import { createReturnRequest } from "~/returns/requests.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as pay } from "~/routes/payment";
import { call, decodeMail, outbox, paymentForm, postJson } from "./helpers";
import { legacyStatus } from "~/orders/status";

// The shop's notices are on by default; tests/data/setup.ts turns them off for the other files.
useTestSettings({
  OWNER_NOTIFICATIONS: "on",
});
const SHOP = "hello@griptruth.co.uk";

const shorts = { productId: "mens-england-no-gi-set", optionType: "Shorts", size: "M", quantity: 2 };

async function newSession(shippingMethod = "uk-express") {
  const response = await call(
    createSession,
    "/api/create-checkout-session",
    postJson({ cartItems: [shorts], shippingMethod }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function paySession(sessionId: string) {
  try {
    return await call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
      method: "POST",
      body: paymentForm({ email: "kai@example.com", firstName: "Kai", lastName: "Brown" }),
    });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function mailsTo(address: string) {
  return (await outbox()).map((m) => decodeMail(m.text)).filter((t) => t.split("\r\n\r\n")[0]!.split(/\r?\n/).includes(`To: ${address}`));
}

describe("X-DAY-5: the shop is told of paid orders and return requests", () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(orders);
  });

  it("X-DAY-5: a paid order e-mails SHOP_EMAIL once through the outbox, however many payments race", { tags: ["race"] }, async () => {
    const sessionId = await newSession();
    const before = (await mailsTo(SHOP)).length;
    const responses = await Promise.all(Array.from({ length: 8 }, () => paySession(sessionId)));
    expect(responses.every((r) => r.status === 302)).toBe(true);
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    expect(legacyStatus(order!)).toBe("paid");
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.ref, order!.id));
    const owned = rows.filter((r) => r.kind === "owner-notice");
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({
      to: SHOP,
      subject: `EXPRESS: paid order ${order!.orderNumber}, £${(order!.totalPence / 100).toFixed(2)}`,
    });

    const notices = (await mailsTo(SHOP)).slice(before);
    expect(notices).toHaveLength(1);
    const notice = notices[0]!;
    expect(notice).toContain(`Order ${order!.orderNumber} has been paid: £${(order!.totalPence / 100).toFixed(2)}.`);
    expect(notice).toContain("Reply-To: kai@example.com");
    expect(notice).toContain("Delivery: UK express (EXPRESS)");
    expect(notice).toContain("Customer: Kai Brown, kai@example.com");
    expect(notice).toContain("2 × Mens England No-Gi Set (Shorts");
    expect(notice).toContain(`http://localhost:3000/admin/orders/${order!.orderNumber}`);
    // The customer still gets one confirmation.
    expect(await mailsTo("kai@example.com")).toHaveLength(1);
  });

  it("X-DAY-5: a return request e-mails SHOP_EMAIL with the items and the reason", async () => {
    const sessionId = await newSession("uk-standard");
    expect((await paySession(sessionId)).status).toBe(302);
    const db = await testDb();
    const [order] = await db
      .update(orders)
      .set({ dispatchedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orders.paymentSessionId, sessionId))
      .returning();
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    const before = (await mailsTo(SHOP)).length;
    const created = await createReturnRequest(db, {
      orderNumber: order!.orderNumber,
      email: "kai@example.com",
      lineIds: [line!.id],
      reason: "Too small",
    }, theShop().settings, new Date());
    expect(created.ok).toBe(true);
    const notices = (await mailsTo(SHOP)).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`asked to return items of order ${order!.orderNumber}`);
    expect(notices[0]).toContain("2 × Mens England No-Gi Set");
    expect(notices[0]).toContain("Reply-To: kai@example.com");
    expect(notices[0]).toContain("Reason: Too small");
    expect(notices[0]).toContain("http://localhost:3000/admin/returns");
  });

  it("X-DAY-5: OWNER_NOTIFICATIONS=off sends none; anything but on or off stops the start", () => {
    const seller = { email: "hello@shop.example", noticesTo: null };
    expect(ownerNoticeRecipient({ OWNER_NOTIFICATIONS: "on", SHOP_EMAIL: SHOP }, seller)).toBe(SHOP);
    expect(ownerNoticeRecipient({ OWNER_NOTIFICATIONS: "off", SHOP_EMAIL: SHOP }, seller)).toBeNull();
    expect(parseEnv({}).OWNER_NOTIFICATIONS).toBe("on");
    expect(() => parseEnv({ OWNER_NOTIFICATIONS: "yes" })).toThrow("OWNER_NOTIFICATIONS must be on or off");
  });
});
