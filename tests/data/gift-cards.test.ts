import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { seeded as findProduct } from "~/catalogue/seed/catalogue";
import { giftCardEvents, giftCardHolds, giftCards, mailOutbox, orders } from "~/db/schema";
import { createCheckoutSession } from "~/flows/checkout/create-session.server";
import { changeGiftCard, issueGiftCardByHand, outstandingGiftCardPence } from "~/giftcards/admin.server";
import { giftCardBalance } from "~/giftcards/cards.server";
import { refundOrder } from "~/flows/refunds/refunds.server";
import { orderRefunds } from "~/db/schema";
import { expireDueOrders } from "~/orders/expiry.server";
import { action as createSession } from "~/routes/api.create-checkout-session";
import { action as balanceApi } from "~/routes/api.gift-cards.balance";
import { action as pay } from "~/routes/payment";
import { action as checkoutPage } from "~/routes/checkout";
import { action as cartPage } from "~/routes/cart";
import { action as refundApi } from "~/routes/api.admin.order-refunds";
import { GIFT_CODE_REFUSED, shopDay } from "~/shared/gift-cards";
import { call, decodeMail, deliverMail, outbox, paymentForm, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";
import { testDb, theShop, useOtherProcessDb, useTestSettings } from "./shop";
import { action as adminAction, loader as adminLoader } from "~/routes/admin.gift-cards";
import { loader as adminCsv } from "~/routes/admin.gift-cards-csv";
import { auditLog } from "~/db/schema";
import { loader as summaryApi } from "~/routes/api.admin.summary";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { action as orderPageAction } from "~/routes/admin.order";
import { settleRefund } from "~/flows/refunds/settle.server";
import { OWNER, signInCookie } from "./admin-fixtures";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const otherProcessDb = useOtherProcessDb();
const kneePads = { productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: 1 };
const KNEE_PADS_PENCE = findProduct("knee-pads")!.pricePence;
let addressCount = 0;

async function checkout(body: unknown) {
  addressCount += 1;
  return call(
    createSession,
    "/api/create-checkout-session",
    postJson(body, { "x-client-address": `10.9.0.${addressCount}` }),
  );
}

async function paySession(sessionId: string) {
  return call(pay, `/payment?session_id=${encodeURIComponent(sessionId)}`, {
    method: "POST",
    body: paymentForm(),
  });
}

async function handIssued(pounds: number) {
  const shop = theShop();
  return issueGiftCardByHand(await testDb(), {
    amountPence: pounds * 100,
    recipientName: "Sam",
    reason: "Prize",
    actor: "owner@example.com",
    today: shopDay(shop.clock.now()),
    expiryMonths: 24,
    now: shop.clock.now(),
  });
}

async function balance(code: string) {
  const response = await call(balanceApi, "/api/gift-cards/balance", postJson({ code }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const giftLine = (over: Record<string, unknown> = {}) => ({
  productId: "gift-card",
  amountPence: 2500,
  recipientName: "Maya",
  recipientEmail: "maya@example.com",
  message: "Happy blue belt!",
  ...over,
});

beforeEach(async () => {
  const db = await testDb();
  await db.delete(giftCardEvents);
  await db.delete(giftCardHolds);
  await db.delete(giftCards);
  await db.delete(orderRefunds);
  await db.delete(orders);
  await db.delete(mailOutbox);
});

describe(`gift cards (${TEST_DRIVER})`, () => {
  it("X-GIFT-1 X-GIFT-2 X-GIFT-7: bought through checkout with no delivery and no VAT; paid → the recipient's e-mail with the code, once, through a restart; the code is not stored in clear", async () => {
    const response = await checkout({ cartItems: [giftLine()], discountCode: "SAVE10" });
    expect(response.status).toBe(200);
    const session = (await response.json()) as { sessionId: string; amountDuePence: number };
    const db = await testDb();
    const [order] = await db.select().from(orders);
    // No delivery, no discount on a gift card, outside VAT.
    expect(order).toMatchObject({ subtotalPence: 2500, shippingPence: 0, discountPence: 0, totalPence: 2500 });
    // X-GIFT-7: outside VAT: nothing of it is in the order's VAT by rate (the VAT figures' sales).
    expect(order!.vatBreakdown.reduce((sum, band) => sum + band.gross_pence + band.vat_pence, 0)).toBe(0);
    expect(session.amountDuePence).toBe(2500);
    expect((await paySession(session.sessionId)).status).toBe(302);

    const [card] = await db.select().from(giftCards);
    expect(card).toMatchObject({ status: "active", balancePence: 2500, buyerEmail: "ana@example.com" });
    // Sent today: the recipient's e-mail is due now and carries the code.
    const mails = (await outbox()).map((mail) => decodeMail(mail.text));
    const toMaya = mails.filter((text) => /^To: maya@example\.com/m.test(text));
    expect(toMaya).toHaveLength(1);
    const code = /Your gift card code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec(toMaya[0]!)![1]!;
    expect(toMaya[0]).toContain("Happy blue belt!");
    expect(toMaya[0]).toContain("£25.00");
    expect(toMaya[0]).toMatch(/Use it by: \d{1,2} \w+ \d{4}/);
    // The buyer's receipt lists it masked, with the send date, and says no VAT was charged on it.
    const receipt = mails.find((text) => /^To: ana@example\.com/m.test(text) && text.includes("Gift cards"))!;
    expect(receipt).toContain(`••••-••••-••••-${code.slice(-4)}`);
    expect(receipt).not.toContain(code);
    expect(receipt).toContain("no VAT is charged when they are bought");
    // Never in clear: the table holds a keyed hash and the last four; the outbox copy is struck.
    const [stored] = await db.select().from(giftCards);
    expect(stored!.codeHash).not.toContain(code.replaceAll("-", ""));
    expect(stored!.lastFour).toBe(code.slice(-4));
    expect(JSON.stringify(stored)).not.toContain(code.replaceAll("-", "").slice(0, 8));
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift-card"));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).not.toContain(code);
    expect(rows[0]!.sentAt).not.toBeNull();
    expect(stored!.sentAt).not.toBeNull();
    // A "restart": the outbox worker runs again, and the payment is told again: no second e-mail.
    expect((await paySession(session.sessionId)).status).toBe(302);
    await deliverMail();
    expect((await outbox()).map((mail) => decodeMail(mail.text)).filter((text) => /^To: maya@/m.test(text))).toHaveLength(1);
    // The balance check answers the amount and the expiry, nothing of the buyer.
    const checked = await balance(code.toLowerCase());
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ balance_pence: 2500, expires_on: stored!.expiresOn });
  });

  it("X-GIFT-2: a card for a later day waits in the outbox until its send date", async () => {
    const today = shopDay(theShop().clock.now());
    const later = new Date(`${today}T12:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 10);
    const sendOn = later.toISOString().slice(0, 10);
    const response = await checkout({ cartItems: [giftLine({ sendOn })] });
    const { sessionId } = (await response.json()) as { sessionId: string };
    await paySession(sessionId);
    await deliverMail();
    const db = await testDb();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "gift-card"));
    expect(row!.sentAt).toBeNull();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(later.getTime() - 36 * 3_600_000);
    const [card] = await db.select().from(giftCards);
    expect(card).toMatchObject({ sendOn, sentAt: null });
    // Refused: more than a year ahead, or a web address in the message.
    const far = await checkout({ cartItems: [giftLine({ sendOn: "2099-01-01" })] });
    expect(far.status).toBe(400);
    expect(((await far.json()) as { error: string }).error).toContain("at most a year ahead");
    const link = await checkout({ cartItems: [giftLine({ message: "see www.example.com" })] });
    expect(link.status).toBe(400);
    expect(((await link.json()) as { error: string }).error).toContain("web address");
    const gifted = await checkout({ cartItems: [giftLine()], giftCards: [(await handIssued(50)).code] });
    expect(gifted.status).toBe(400);
    expect(((await gifted.json()) as { error: string }).error).toContain("Gift cards cannot pay for gift cards");
  });

  it("X-GIFT-3: a card pays the whole of one order, then the rest of it part of a second, the card payment paying what is left", async () => {
    const cardPence = Math.ceil((KNEE_PADS_PENCE * 1.5) / 100) * 100;
    const { code } = await handIssued(cardPence / 100);
    const customer = {
      email: "lee@example.com",
      firstName: "Lee",
      lastName: "Ng",
      address: "2 Dock Street",
      city: "Hull",
      postcode: "HU1 1AA",
    };
    const first = await checkout({ cartItems: [kneePads], giftCards: [code], customer });
    expect(first.status, await first.clone().text()).toBe(200);
    const one = (await first.json()) as { giftCardPence: number; amountDuePence: number };
    const db = await testDb();
    const [paid] = await db.select().from(orders);
    expect(one).toMatchObject({ giftCardPence: paid!.totalPence, amountDuePence: 0 });
    const left = cardPence - paid!.totalPence;
    expect(left).toBeGreaterThan(0);
    expect((await balance(code)).body.balance_pence).toBe(left);

    const second = await checkout({ cartItems: [{ ...kneePads, quantity: 2 }], giftCards: [code] });
    const two = (await second.json()) as { sessionId: string; url: string; giftCardPence: number; amountDuePence: number };
    const [pending] = await db.select().from(orders).where(eq(orders.paymentStatus, "pending"));
    expect(two.giftCardPence).toBe(left);
    expect(two.amountDuePence).toBe(pending!.totalPence - left);
    expect(two.url).toContain("/payment?session_id=");
    // Held while the checkout is open: the balance check shows nothing free.
    expect((await balance(code)).body.balance_pence).toBe(0);
    await paySession(two.sessionId);
    const [secondPaid] = await db.select().from(orders).where(eq(orders.id, pending!.id));
    expect(secondPaid).toMatchObject({ paymentStatus: "paid", cardLast4: "4242" });
    const [spent] = await db.select().from(giftCards);
    expect(spent!.balancePence).toBe(0);
    // Used up: the same sentence and status as a code that never existed.
    const used = await checkout({ cartItems: [kneePads], giftCards: [code] });
    const never = await checkout({ cartItems: [kneePads], giftCards: ["AAAA-AAAA-AAAA-AAAA"] });
    expect([used.status, never.status]).toEqual([400, 400]);
    expect(await used.json()).toEqual(await never.json());
    const history = await db.select().from(giftCardEvents).where(eq(giftCardEvents.cardId, spent!.id));
    expect(history.map((entry) => entry.kind).sort()).toEqual(["issued", "spent", "spent"]);
  });

  it("X-GIFT-3: cards covering the whole order pay it at once, with no card tender and no payment page", async () => {
    const { code } = await handIssued(200);
    const response = await checkout({
      cartItems: [kneePads],
      giftCards: [code],
      customer: {
        email: "lee@example.com",
        firstName: "Lee",
        lastName: "Ng",
        address: "2 Dock Street",
        city: "Hull",
        postcode: "HU1 1AA",
      },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; amountDuePence: number; giftCardPence: number };
    expect(body.amountDuePence).toBe(0);
    expect(body.url).toContain("/order-confirmation?session_id=");
    const db = await testDb();
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: "paid", cardLast4: null, customerEmail: "lee@example.com" });
    expect(order!.giftCardPence).toBe(order!.totalPence);
    expect(order!.orderNumber).toMatch(/^GT-/);
    const [card] = await db.select().from(giftCards);
    expect(card!.balancePence).toBe(20000 - order!.totalPence);
  });

  it("X-GIFT-3: two checkouts on two pools race for one balance: one holds it, the other gets a sentence", { tags: ["race"] }, async () => {
    const { code } = await handIssued(200);
    const shop = theShop();
    const parts = { settings: shop.settings, payments: shop.payments, clock: shop.clock };
    const body = { cartItems: [{ ...kneePads, quantity: 5 }], giftCards: [code] };
    expect(KNEE_PADS_PENCE * 5).toBeGreaterThanOrEqual(20000 / 2);
    const bigEnough = Math.ceil(20000 / KNEE_PADS_PENCE);
    body.cartItems[0]!.quantity = Math.min(10, bigEnough);
    const [a, b] = await Promise.all([
      createCheckoutSession(await testDb(), body, "10.8.0.1", parts),
      createCheckoutSession(await otherProcessDb(), body, "10.8.0.2", parts),
    ]);
    const answers = [a, b];
    const won = answers.filter((answer) => answer.ok);
    const lost = answers.filter((answer) => !answer.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ kind: "invalid_input", message: GIFT_CODE_REFUSED });
    const db = await testDb();
    const holds = await db.select().from(giftCardHolds);
    expect(holds).toHaveLength(1);
    expect(holds[0]!.amountPence).toBe(20000);
    // Expired unpaid: the hold is released and the pounds are the card's again.
    await db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` });
    await expireDueOrders(db, new Date(Date.now() + 60 * 60_000));
    expect((await giftCardBalance(db, code, shopDay(shop.clock.now())))?.balancePence).toBe(20000);
  });

  it("X-GIFT-6: a voided or expired card is refused; the outstanding total follows issue, adjust and void", async () => {
    const db = await testDb();
    const today = shopDay(theShop().clock.now());
    const before = await outstandingGiftCardPence(db, today);
    const first = await handIssued(30);
    const second = await handIssued(20);
    expect(await outstandingGiftCardPence(db, today)).toBe(before + 5000);
    await changeGiftCard(db, { id: first.card.id, change: { kind: "adjust", balancePence: 1000 }, reason: "Goodwill", actor: "owner@example.com", now: theShop().clock.now() });
    expect(await outstandingGiftCardPence(db, today)).toBe(before + 3000);
    await changeGiftCard(db, { id: first.card.id, change: { kind: "void" }, reason: "Lost", actor: "owner@example.com", now: theShop().clock.now() });
    expect(await outstandingGiftCardPence(db, today)).toBe(before + 2000);
    const voided = await checkout({ cartItems: [kneePads], giftCards: [first.code] });
    expect(voided.status).toBe(400);
    expect(((await voided.json()) as { error: string }).error).toBe(GIFT_CODE_REFUSED);
    await db.update(giftCards).set({ expiresOn: "2020-01-01" }).where(eq(giftCards.id, second.card.id));
    const expired = await checkout({ cartItems: [kneePads], giftCards: [second.code] });
    expect(expired.status).toBe(400);
    expect((await balance(second.code)).status).toBe(404);
    expect((await balance(second.code)).body).toEqual({ error: GIFT_CODE_REFUSED });
    expect((await balance("BOGUS-CODE")).body).toEqual({ error: GIFT_CODE_REFUSED });
  });

  it("X-GIFT-6: the owner's page issues, adjusts and voids, with the outstanding total right after each (on the page, the dashboard and its JSON), audited, and the CSV", async () => {
    const cookie = await signInCookie();
    // The dashboard (/admin) and its JSON (GET /api/admin/summary) say the same figure as the page.
    const onDashboard = async () => {
      const json = (await (await call(summaryApi, "/api/admin/summary", { headers: { cookie } })).json()) as {
        giftCardsOutstandingPence: number;
      };
      const dashboard = (await (await call(dashboardLoader, "/admin", { headers: { cookie } })).json()) as {
        summary: { giftCardsOutstandingPence: number };
      };
      expect(dashboard.summary.giftCardsOutstandingPence).toBe(json.giftCardsOutstandingPence);
      return json.giftCardsOutstandingPence;
    };
    const post = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return call(adminAction, "/admin/gift-cards", { method: "POST", body: form, headers: { cookie } });
    };
    const page = async () =>
      (await (await call(adminLoader, "/admin/gift-cards", { headers: { cookie } })).json()) as {
        outstandingPence: number;
        cards: { id: string; masked: string; balancePence: number; history: { kind: string; reason: string | null }[] }[];
      };
    const start = (await page()).outstandingPence;
    const issued = await post({ intent: "issue", amount: "40", recipientName: "Club raffle", reason: "Prize" });
    expect(issued.status).toBe(201);
    const { message } = (await issued.json()) as { message: string };
    const code = /shown this once: (\S+)$/.exec(message)![1]!;
    expect((await balance(code)).body.balance_pence).toBe(4000);
    let seen = await page();
    expect(seen.outstandingPence).toBe(start + 4000);
    expect(await onDashboard()).toBe(start + 4000);
    const card = seen.cards.find((row) => row.masked.endsWith(code.slice(-4)))!;

    const unconfirmed = await post({ intent: "adjust", id: card.id, balance: "25", reason: "Goodwill" });
    expect(unconfirmed.status).toBe(400);
    expect((await page()).outstandingPence).toBe(start + 4000);

    expect((await post({ intent: "adjust", id: card.id, balance: "25", reason: "Goodwill", confirm: "yes" })).status).toBe(200);
    seen = await page();
    expect(seen.outstandingPence).toBe(start + 2500);
    expect(await onDashboard()).toBe(start + 2500);
    expect(seen.cards.find((row) => row.id === card.id)!.balancePence).toBe(2500);

    expect((await post({ intent: "void", id: card.id, reason: "Sent to the wrong person", confirm: "yes" })).status).toBe(200);
    seen = await page();
    expect(seen.outstandingPence).toBe(start);
    expect(await onDashboard()).toBe(start);
    expect(seen.cards.find((row) => row.id === card.id)!.history.map((entry) => [entry.kind, entry.reason])).toEqual([
      ["issued", "Prize"],
      ["adjusted", "Goodwill"],
      ["voided", "Sent to the wrong person"],
    ]);
    expect((await balance(code)).status).toBe(404);
    const db = await testDb();
    const audited = await db.select().from(auditLog).where(eq(auditLog.subject, `giftcard:${code.slice(-4)}`));
    expect(audited.map((row) => row.action).sort()).toEqual(["giftcard.adjust", "giftcard.issue", "giftcard.void"]);
    const csv = await (await call(adminCsv, "/admin/gift-cards.csv", { headers: { cookie } })).text();
    expect(csv).toContain(`••••-••••-••••-${code.slice(-4)},void,4000,0,,Club raffle`);
    expect(csv.trim().split("\n").at(-1)).toMatch(new RegExp(`^outstanding,,,${start},`));
    expect(csv).not.toContain(code);
  });

  /** A kit order paid £10 by a gift card and the rest by card (sandbox). */
  async function splitOrder() {
    const { code } = await handIssued(10);
    const started = await checkout({ cartItems: [{ ...kneePads, quantity: 3 }], giftCards: [code] });
    expect(started.status, await started.clone().text()).toBe(200);
    const body = (await started.json()) as { sessionId: string; giftCardPence: number; amountDuePence: number };
    expect(body.giftCardPence).toBe(1000);
    await paySession(body.sessionId);
    const db = await testDb();
    const [order] = await db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: "paid", giftCardPence: 1000 });
    return { code, order: order! };
  }

  /** A second split order beside the first (splitOrder reads the only order). */
  async function splitOrder2() {
    const { code } = await handIssued(10);
    const started = await checkout({ cartItems: [{ ...kneePads, quantity: 3 }], giftCards: [code] });
    const body = (await started.json()) as { sessionId: string };
    await paySession(body.sessionId);
    const [order] = await (await testDb()).select().from(orders).where(eq(orders.paymentSessionId, body.sessionId));
    expect(order).toMatchObject({ paymentStatus: "paid", giftCardPence: 1000 });
    return { code, order: order! };
  }

  async function tenders(orderId: string) {
    const rows = await (await testDb()).select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
    const sum = (provider: string) =>
      rows.filter((row) => row.provider === provider && row.status === "succeeded").reduce((acc, row) => acc + row.amountPence, 0);
    return { giftCard: sum("gift_card"), card: sum("sandbox"), rows };
  }

  it("X-GIFT-5: a refund gives back to the gift card first what it paid, the rest to the card payment, recorded per tender", async () => {
    const { code, order } = await splitOrder();
    const db = await testDb();
    const cardPaid = order.totalPence - 1000;
    // In part (£6): all of it back to the gift card; nothing to the card payment.
    const part = await refundOrder(db, order.orderNumber, { amountPence: 600 }, "owner@example.com", theShop());
    expect(part, JSON.stringify(part)).toMatchObject({ ok: true });
    expect((await balance(code)).body.balance_pence).toBe(600);
    expect(await tenders(order.id)).toMatchObject({ giftCard: 600, card: 0 });
    // £7 more, through the owner's API: £4 finishes the gift card's share, £3 goes to the card payment.
    const viaApi = await call(refundApi, `/api/admin/orders/${order.orderNumber}/refunds`, postJson({ amountPence: 700 }, { cookie: await signInCookie() }), {
      orderNumber: order.orderNumber,
    });
    expect(viaApi.status).toBe(201);
    const answered = (await viaApi.json()) as { tenders: { amount_pence: number }[]; refunded_pence: number };
    expect(answered.tenders.map((tender) => tender.amount_pence)).toEqual([400, 300]);
    expect(answered.refunded_pence).toBe(1300);
    expect((await balance(code)).body.balance_pence).toBe(1000);
    expect(await tenders(order.id)).toMatchObject({ giftCard: 1000, card: 300 });
    // The rest, in full: only the card payment, never more than it took.
    const full = await refundOrder(db, order.orderNumber, {}, "owner@example.com", theShop());
    expect(full).toMatchObject({ ok: true, order: { paymentStatus: "refunded", refundedPence: order.totalPence } });
    expect((await balance(code)).body.balance_pence).toBe(1000);
    expect(await tenders(order.id)).toMatchObject({ giftCard: 1000, card: cardPaid });
    const [card] = await db.select().from(giftCards);
    const history = await db.select().from(giftCardEvents).where(eq(giftCardEvents.cardId, card!.id));
    expect(history.filter((entry) => entry.kind === "refunded").map((entry) => entry.amountPence).sort()).toEqual([400, 600]);
  });

  it("X-GIFT-5: the owner may refund the card payment first; the gift card gets only what the card payment could not", async () => {
    const { code, order } = await splitOrder();
    const db = await testDb();
    const cardPaid = order.totalPence - 1000;
    const first = await refundOrder(db, order.orderNumber, { amountPence: cardPaid - 100, cardFirst: true }, "owner@example.com", theShop());
    expect(first).toMatchObject({ ok: true });
    expect(await tenders(order.id)).toMatchObject({ giftCard: 0, card: cardPaid - 100 });
    expect(await refundOrder(db, order.orderNumber, { amountPence: 500, cardFirst: true }, "owner@example.com", theShop())).toMatchObject({ ok: true });
    expect(await tenders(order.id)).toMatchObject({ giftCard: 400, card: cardPaid });
    expect((await balance(code)).body.balance_pence).toBe(400);
  });

  /** The refund e-mails the customer of an order has been sent (from the outbox). */
  async function refundMails(orderId: string) {
    const rows = await (await testDb()).select().from(mailOutbox).where(eq(mailOutbox.ref, orderId));
    return rows.filter((row) => row.kind === "order-refunded");
  }

  it("X-GIFT-5: the order page's refund form gives back to the gift cards first by default, or to the card payment first when chosen, through its confirming step; each split refund is one e-mail naming both parts", async () => {
    const { code, order } = await splitOrder();
    const db = await testDb();
    const cardPaid = order.totalPence - 1000;
    const params = { orderNumber: order.orderNumber };
    const cookie = await signInCookie();
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return call(orderPageAction, `/admin/orders/${order.orderNumber}`, { method: "POST", body: form, headers: { cookie } }, params);
    };
    // The first post answers the confirming step, which carries the choice (default: gift cards).
    let step = await post({ intent: "refund", amount: "13" });
    expect(step.status).toBe(200);
    expect(((await step.json()) as { confirm: unknown }).confirm).toMatchObject({ kind: "refund", amountPence: 1300, first: "gift-cards" });
    step = await post({ intent: "refund", amount: "13", first: "card" });
    expect(((await step.json()) as { confirm: unknown }).confirm).toMatchObject({ first: "card" });
    const wrong = await post({ intent: "refund", amount: "13", first: "cash" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toMatch(/gift cards or the card payment/);

    // Default, confirmed: £13 is £10 back to the gift card, £3 to the card payment.
    const done = await post({ intent: "refund", amount: "13", confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(decodeURIComponent(done.headers.get("location")!)).toContain("Refunded £13.00 (£10.00 to the gift cards, £3.00 to the card payment).");
    expect(await tenders(order.id)).toMatchObject({ giftCard: 1000, card: 300 });
    expect((await balance(code)).body.balance_pence).toBe(1000);
    let mails = await refundMails(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Refund of £13.00");
    expect(mails[0]!.text).toContain(`£10.00 goes back to your gift card ending ${code.slice(-4)}, ready to spend again straight away, and £3.00 to the card you paid with`);

    // Another order: the card payment first, chosen on the form.
    await db.delete(mailOutbox);
    const second = await splitOrder2();
    const secondParams = { orderNumber: second.order.orderNumber };
    const postSecond = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) form.set(key, value);
      return call(orderPageAction, `/admin/orders/${second.order.orderNumber}`, { method: "POST", body: form, headers: { cookie } }, secondParams);
    };
    const secondCardPaid = second.order.totalPence - 1000;
    const cardFirst = await postSecond({ intent: "refund", amount: ((secondCardPaid + 400) / 100).toFixed(2), first: "card", confirmed: "yes" });
    expect(cardFirst.status).toBe(302);
    expect(await tenders(second.order.id)).toMatchObject({ giftCard: 400, card: secondCardPaid });
    expect((await balance(second.code)).body.balance_pence).toBe(400);
    mails = await refundMails(second.order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`£4.00 goes back to your gift card ending ${second.code.slice(-4)}`);
    expect(cardPaid).toBeGreaterThan(0);
  });

  it("X-GIFT-5: a split refund whose card part is still pending at the provider e-mails once, when that part settles, with both parts", async () => {
    const { code, order } = await splitOrder();
    const db = await testDb();
    const shop = theShop();
    // The card payment's part is reserved but not yet answered (as when Stripe says "pending").
    const { reserveRefund } = await import("~/flows/refunds/refunds.server");
    const reserved = await db.transaction((tx) => reserveRefund(tx as unknown as typeof db, order.id, 1500, undefined, "owner@example.com", shop));
    const [giftRow, cardRow] = reserved!.refunds;
    expect(giftRow).toMatchObject({ provider: "gift_card", amountPence: 1000 });
    expect(cardRow).toMatchObject({ provider: "sandbox", amountPence: 500, giftCardRefundId: giftRow!.id });
    await settleRefund(db, giftRow!.id, { state: "succeeded", reference: "gift" });
    expect(await refundMails(order.id)).toHaveLength(0);
    await settleRefund(db, cardRow!.id, { state: "succeeded", reference: "card" });
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Refund of £15.00");
    expect(mails[0]!.text).toContain(`£10.00 goes back to your gift card ending ${code.slice(-4)}`);
    expect(mails[0]!.text).toContain("£5.00 to the card you paid with");
    // Settled again (a late webhook): nothing more is sent.
    await settleRefund(db, cardRow!.id, { state: "succeeded", reference: "card" });
    expect(await refundMails(order.id)).toHaveLength(1);
  });

  it("X-GIFT-5: when the card part of a split refund is refused, the one e-mail says only what went back to the gift card", async () => {
    const { order } = await splitOrder();
    const db = await testDb();
    const { reserveRefund } = await import("~/flows/refunds/refunds.server");
    const reserved = await db.transaction((tx) => reserveRefund(tx as unknown as typeof db, order.id, 1500, undefined, "owner@example.com", theShop()));
    const [giftRow, cardRow] = reserved!.refunds;
    // The card part is refused first; the gift cards' part settles after it.
    await settleRefund(db, cardRow!.id, { state: "refused", reason: "Card closed" });
    expect(await refundMails(order.id)).toHaveLength(0);
    await settleRefund(db, giftRow!.id, { state: "succeeded", reference: "gift" });
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("Refund of £10.00");
    expect(mails[0]!.text).toMatch(/It goes back to your gift card ending \w{4}, ready to spend again straight away\./);
    expect(mails[0]!.text).not.toContain("card you paid with");
  });

  it("X-GIFT-5: a refunded gift card purchase voids the card; a spent one is refunded only up to its balance", async () => {
    const db = await testDb();
    const bought = await checkout({ cartItems: [giftLine({ amountPence: 3000 })] });
    const { sessionId } = (await bought.json()) as { sessionId: string };
    await paySession(sessionId);
    const [purchase] = await db.select().from(orders);
    const [bought1] = await db.select().from(giftCards).where(eq(giftCards.orderId, purchase!.id));
    // The e-mail of this card (the outbox may hold other tests' cards to Maya).
    const codes = (await outbox()).flatMap((mail) => [...decodeMail(mail.text).matchAll(/Your gift card code: ([A-Z0-9-]{19})/g)].map((m) => m[1]!));
    const code = codes.find((one) => one.endsWith(bought1!.lastFour!))!;
    // Maya spends £10 of it on kit.
    const customer = { email: "maya@example.com", firstName: "Maya", lastName: "Li", address: "2 Dock Street", city: "Hull", postcode: "HU1 1AA" };
    const kit = await checkout({ cartItems: [kneePads], giftCards: [code], customer });
    expect(kit.status, await kit.clone().text()).toBe(200);
    const { sessionId: kitSession, amountDuePence } = (await kit.json()) as { sessionId: string; amountDuePence: number };
    if (amountDuePence > 0) await paySession(kitSession);
    const spent = 3000 - ((await balance(code)).body.balance_pence as number);
    expect(spent).toBeGreaterThan(0);
    // The whole purchase cannot be refunded: what was spent is the buyer's already.
    const whole = await refundOrder(db, purchase!.orderNumber, { amountPence: 3000 }, "owner@example.com", theShop());
    expect(whole).toMatchObject({ ok: false, kind: "conflict", message: expect.stringMatching(/has been spent/) });
    // Up to its balance it can: the card is voided, its code refused from then on.
    const rest = await refundOrder(db, purchase!.orderNumber, {}, "owner@example.com", theShop());
    expect(rest, JSON.stringify(rest)).toMatchObject({ ok: true, order: { refundedPence: 3000 - spent } });
    const [card] = await db.select().from(giftCards).where(eq(giftCards.orderId, purchase!.id));
    expect(card).toMatchObject({ status: "void", balancePence: 0 });
    expect((await balance(code)).status).toBe(404);
    expect(await tenders(purchase!.id)).toMatchObject({ giftCard: 0, card: 3000 - spent });
  });

  it("X-GIFT-3: gift card codes typed at checkout count against the balance check's per-address limit", async () => {
    const from = { "x-client-address": "10.77.0.1" };
    const body = { cartItems: [kneePads], giftCards: ["AAAA-AAAA-AAAA-AAAA"] };
    let tries = 0;
    let last = 0;
    while (tries < 60) {
      tries += 1;
      last = (await call(createSession, "/api/create-checkout-session", postJson(body, from))).status;
      if (last === 429) break;
      expect(last).toBe(400);
    }
    expect(last).toBe(429);
    // The same address's balance check is refused too: one quota for both.
    const checked = await call(balanceApi, "/api/gift-cards/balance", postJson({ code: "AAAA-AAAA-AAAA-AAAA" }, from));
    expect(checked.status).toBe(429);
    expect(((await checked.json()) as { error: string }).error).toMatch(/Too many gift card checks/);
    // The checkout page's form (without JavaScript) counts against it too.
    const page = new FormData();
    page.set("giftCards", "AAAA-AAAA-AAAA-AAAA");
    page.set("intent", "pay");
    expect((await call(checkoutPage, "/checkout", { method: "POST", body: page, headers: from })).status).toBe(429);
    // A checkout without a code is not counted against it.
    const plain = await call(createSession, "/api/create-checkout-session", postJson({ cartItems: [kneePads] }, from));
    expect(plain.status).toBe(200);
  });

  it("X-GIFT-3: without JavaScript, checkout asks who pays when the gift cards cover the whole order, keeping what was typed", async () => {
    const { code } = await handIssued(200);
    const headers = { "x-client-address": "10.78.0.1" };
    const add = new FormData();
    for (const [name, value] of Object.entries({ intent: "add", productId: "knee-pads", optionType: "Standard", size: "N/A", quantity: "1" })) add.set(name, value);
    const added = await call(cartPage, "/cart", { method: "POST", body: add, headers });
    const cookie = added.headers.get("set-cookie")!.split(";")[0]!;
    expect(cookie).toBeTruthy();
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries({ intent: "pay", giftCards: code, ...fields })) body.set(name, value);
      return { method: "POST", body, headers: { ...headers, cookie } };
    };
    const asked = await call(checkoutPage, "/checkout", form({ email: "lee@example.com" }));
    expect(asked.status).toBe(400);
    expect(await asked.json()).toMatchObject({
      field: "customer",
      error: expect.stringMatching(/name and delivery address/),
      typed: { giftCards: code, email: "lee@example.com" },
    });
    const paid = await call(
      checkoutPage,
      "/checkout",
      form({ email: "lee@example.com", firstName: "Lee", lastName: "Ng", address: "2 Dock Street", city: "Hull", postcode: "HU1 1AA" }),
    );
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).not.toContain("/payment");
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.paymentStatus, "paid"));
    expect(order).toMatchObject({ customerEmail: "lee@example.com", giftCardPence: order!.totalPence });
  });
});
