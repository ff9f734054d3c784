import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "~/catalogue/store.server";
import type { Database } from "~/db/database";
import { mailOutbox, stockAlerts } from "~/db/schema";
import { setVariantStock } from "~/stock/admin.server";
import { requestStockAlert, unsubscribeStockAlert } from "~/stock/alerts.server";
import { action as confirmAction, loader as confirmPage } from "~/routes/stock-alerts.confirm";
import { call } from "./helpers";
import { testDb, useOtherProcessDb } from "./shop";
import { TEST_DRIVER } from "./setup";

// Issue 50, finding 2 (X-SEC-24): 15 requests for a stranger's address sent 15 e-mails, and a
// mail scanner's GET on the link confirmed the alert.

const ORIGIN = "https://shop.test";
const otherProcessDb = useOtherProcessDb();

const hoodie = (size: string, color = "Black") => ({
  productId: "mens-grip-truth-hoodie",
  optionType: "Hoodies",
  size,
  color,
});

async function ask(db: Database, email: string, variant = hoodie("L")) {
  return requestStockAlert(db, await loadCatalogue(db, Date.now()), { ...variant, email }, ORIGIN);
}

async function confirmsTo(email: string) {
  const db = await testDb();
  return db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, "stock-alert-confirm")));
}

describe(`X-SEC-24 back-in-stock alerts cannot be turned on a stranger (${TEST_DRIVER})`, () => {
  it("X-SEC-24: 15 requests at once for one address and size, on two pools, send one e-mail; each gets the same polite answer", { tags: ["race"] }, async () => {
    const db = await testDb();
    const other = await otherProcessDb();
    expect(await setVariantStock(db, { ...hoodie("L"), quantity: 0 }, new Date())).toMatchObject({ ok: true });
    const answers = await Promise.all(
      Array.from({ length: 15 }, (_, n) => ask(n % 2 ? other : db, "Victim@Third.test")),
    );
    const messages = new Set(answers.map((answer) => (answer.ok ? answer.data.message : answer.message)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(messages.size).toBe(1);
    expect([...messages][0]).toMatch(/e-mailed victim@third\.test a link to confirm/);
    expect(await confirmsTo("victim@third.test")).toHaveLength(1);
    // The link that went still works: later requests did not change the alert's token.
    const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, "victim@third.test"));
    expect((await confirmsTo("victim@third.test"))[0]!.text).toContain(`/stock-alerts/confirm/${row!.token}`);
  });

  it("X-SEC-24: five sizes for one address send three e-mails in all; unsubscribing and asking again sends none (counted from what was sent)", { tags: ["race"] }, async () => {
    const db = await testDb();
    const sizes = [hoodie("S"), hoodie("M"), hoodie("L"), hoodie("XL"), hoodie("S", "Grey")];
    for (const size of sizes) await setVariantStock(db, { ...size, quantity: 0 }, new Date());
    const answers = [];
    for (const size of sizes) answers.push(await ask(db, "victim2@third.test", size));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(await confirmsTo("victim2@third.test")).toHaveLength(3);
    // Each address counts apart: another address still gets its own.
    expect(await ask(db, "someone@else.test", hoodie("XL"))).toMatchObject({ ok: true });
    expect(await confirmsTo("someone@else.test")).toHaveLength(1);

    // The row goes (unsubscribe), the count stays: no fresh e-mail for the same size today.
    const [first] = await db.select().from(stockAlerts).where(and(eq(stockAlerts.email, "someone@else.test")));
    expect(await unsubscribeStockAlert(db, first!.token)).toBe(true);
    expect(await ask(db, "someone@else.test", hoodie("XL"))).toMatchObject({ ok: true });
    expect(await confirmsTo("someone@else.test")).toHaveLength(1);
  });

  it("X-SEC-24: the confirm link's GET shows a button and confirms nothing; its POST confirms", async () => {
    const db = await testDb();
    await setVariantStock(db, { ...hoodie("XXL"), quantity: 0 }, new Date());
    expect(await ask(db, "buyer@example.com", hoodie("XXL"))).toMatchObject({ ok: true });
    const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, "buyer@example.com"));
    const path = `/stock-alerts/confirm/${row!.token}`;
    const params = { token: row!.token };

    const page = await call(confirmPage, path, {}, params);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ error: null, alert: { size: "XXL", confirmed: false } });
    const [still] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, row!.id));
    expect(still!.confirmedAt).toBeNull();

    const posted = await call(confirmAction, path, { method: "POST", body: new FormData(), headers: { origin: "http://shop.test" } }, params);
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ confirmed: { size: "XXL", color: "Black" } });
    const [confirmed] = await db.select().from(stockAlerts).where(eq(stockAlerts.id, row!.id));
    expect(confirmed!.confirmedAt).not.toBeNull();

    // A token of another shape is never looked up: the same "expired" answer, no error.
    for (const token of ["\u0000", "a\u0000b", "x".repeat(300)]) {
      const bad = await call(confirmPage, `/stock-alerts/confirm/${encodeURIComponent(token)}`, {}, { token });
      expect(bad.status).toBe(410);
    }
  });
});
