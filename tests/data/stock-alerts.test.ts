import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadCatalogue } from "~/catalogue/store.server";
import type { Database } from "~/db/database";
import { mailOutbox, stockAlerts } from "~/db/schema";
import { setVariantStock } from "~/stock/admin.server";
import { confirmStockAlert, purgeUnconfirmedAlerts, requestStockAlert, sendRestockAlerts, unsubscribeStockAlert, waitingAlertCounts } from "~/stock/alerts.server";
import { decodeMail, outbox } from "./helpers";
import { testDb, useOtherProcessDb } from "./shop";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const ORIGIN = "https://shop.test";

const otherProcessDb = useOtherProcessDb();

const variant = {
  productId: "mens-grip-truth-hoodie",
  optionType: "Hoodies",
  size: "L",
  color: "Black",
};

async function ask(email: string, over: Record<string, unknown> = {}) {
  const db = await testDb();
  return requestStockAlert(db, await loadCatalogue(db, Date.now()), { ...variant, email, ...over }, ORIGIN);
}

describe(`back-in-stock alerts (${driver})`, () => {
  it("X-FIT-3: ten alerts for a sold-out size, two unconfirmed: a restock sends eight e-mails once each, with two processes running the job", { tags: ["race"] }, async () => {
    const db = await testDb();
    expect(await setVariantStock(db, { ...variant, quantity: 0 }, new Date())).toMatchObject({ ok: true });
    for (let n = 0; n < 10; n++) {
      expect(await ask(`Buyer${n}@Example.com`)).toMatchObject({ ok: true });
    }
    // Asking twice for the same size is one alert.
    expect(await ask("buyer0@example.com")).toMatchObject({ ok: true });
    const waiting = await db.select().from(stockAlerts);
    expect(waiting).toHaveLength(10);
    // Each got one confirm e-mail with its link and an unsubscribe link.
    const confirms = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "stock-alert-confirm"));
    expect(confirms.length).toBeGreaterThanOrEqual(10);
    expect(confirms.every((m) => /\/stock-alerts\/confirm\//.test(m.text) && /\/stock-alerts\/unsubscribe\//.test(m.text))).toBe(true);
    // Eight confirm; two never do.
    const byEmail = new Map(waiting.map((row) => [row.email, row]));
    for (let n = 0; n < 8; n++) {
      expect(await confirmStockAlert(db, byEmail.get(`buyer${n}@example.com`)!.token, new Date())).toMatchObject({ ok: true });
    }
    expect(await waitingAlertCounts(db)).toEqual({ "mens-grip-truth-hoodie|Hoodies|L|Black": 8 });

    // Nothing goes while it is still sold out.
    const catalogue = await loadCatalogue(db, Date.now());
    expect(await sendRestockAlerts(db, catalogue, ORIGIN)).toBe(0);

    expect(await setVariantStock(db, { ...variant, quantity: 3 }, new Date())).toMatchObject({ ok: true });
    const other = await otherProcessDb();
    const worker = async (database: Database) => {
      let sent = 0;
      for (;;) {
        const n = await sendRestockAlerts(database, catalogue, ORIGIN, 3);
        if (n === 0) return sent;
        sent += n;
      }
    };
    const sent = await Promise.all([worker(db), worker(other), worker(db), worker(other)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(8);
    // And again later: nothing more.
    expect(await worker(other)).toBe(0);

    const restocked = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "stock-alert"));
    expect(restocked).toHaveLength(8);
    expect(new Set(restocked.map((m) => m.to))).toEqual(
      new Set(Array.from({ length: 8 }, (_, n) => `buyer${n}@example.com`)),
    );
    for (const mail of restocked) {
      expect(mail.text).toContain(`${ORIGIN}/product/mens-grip-truth-hoodie?optionType=Hoodies&size=L&color=Black`);
      expect(mail.text).toMatch(/\/stock-alerts\/unsubscribe\//);
    }
    // The confirmed alerts are gone; the two unconfirmed wait, then go after 7 days.
    const left = await db.select().from(stockAlerts);
    expect(left.map((row) => row.email).sort()).toEqual(["buyer8@example.com", "buyer9@example.com"]);
    expect(await purgeUnconfirmedAlerts(db, new Date(Date.now() + 6 * 86_400_000))).toBe(0);
    expect(await purgeUnconfirmedAlerts(db, new Date(Date.now() + 8 * 86_400_000))).toBe(2);
    // The e-mails go out through the outbox, once each.
    const files = (await outbox()).map((f) => decodeMail(f.text));
    expect(files.filter((text) => /Subject: Back in stock/.test(text))).toHaveLength(8);
  });

  it("X-FIT-3: a size in stock or made to order is refused with a sentence; a bad address is a 400; unsubscribe removes it", async () => {
    const db = await testDb();
    await setVariantStock(db, { ...variant, size: "M", quantity: 4 }, new Date());
    expect(await ask("a@example.com", { size: "M" })).toMatchObject({ ok: false, kind: "conflict", message: expect.stringMatching(/in stock now/) });
    await setVariantStock(db, { ...variant, size: "S", quantity: null }, new Date());
    expect(await ask("a@example.com", { size: "S" })).toMatchObject({ ok: false, kind: "conflict", message: expect.stringMatching(/made to order/) });
    expect(await ask("not an address")).toMatchObject({ ok: false, kind: "invalid_input" });
    expect(await ask("a@example.com", { size: "XXXL" })).toMatchObject({ ok: false, kind: "invalid_input" });

    await setVariantStock(db, { ...variant, size: "XL", quantity: 0 }, new Date());
    expect(await ask("gone@example.com", { size: "XL" })).toMatchObject({ ok: true });
    const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, "gone@example.com"));
    expect(await confirmStockAlert(db, row!.token, new Date())).toMatchObject({ ok: true });
    expect(await unsubscribeStockAlert(db, row!.token)).toBe(true);
    expect(await unsubscribeStockAlert(db, row!.token)).toBe(false);
    expect(await confirmStockAlert(db, row!.token, new Date())).toMatchObject({ ok: false, kind: "link_expired" });
    // An unconfirmed alert's link stops working after 7 days.
    expect(await ask("late@example.com", { size: "XL" })).toMatchObject({ ok: true });
    const [late] = await db.select().from(stockAlerts).where(eq(stockAlerts.email, "late@example.com"));
    expect(await confirmStockAlert(db, late!.token, new Date(Date.now() + 8 * 86_400_000))).toMatchObject({ ok: false, kind: "link_expired" });
  });
});
