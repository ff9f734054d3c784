// @module-tag driver
// Upgrades that keep everything (issue 40 item 3): the shop the previous release made
// (tests/fixtures/previous-release.backup, written by scripts/previous-release-fixture.mjs through
// that release's own code) is restored at its own migration and upgraded by this code's
// migrations, on the driver under test; every row is still there with what it said, and reads
// right through the owner's JSON.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { statesFor } from "./admin-fixtures";
import { callOn, emptyDatabase, ownerCookieOn } from "./restore-targets";
import type { FulfilmentStatus, OrderStatus, PaymentStatus } from "~/db/schema";
import { legacyStatus } from "~/orders/status";
import { loader as orderApi } from "~/routes/api.admin.order";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { backfillEmailRenditions } from "~/catalogue/photos/processing.server";
import { knownMigrations, LEFT_OUT_TABLES, readBackup, takeBackup } from "~/server/backup.server";
import { restoreFrom } from "~/server/backup-cli.server";
import { parseEnv } from "~/server/env.server";
import { openShop } from "~/server/shop.server";
import { TOKEN_PATTERNS } from "~/shared/tokens";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { startFakeStripe } from "./fake-stripe";
import { deliverDueMail, enqueueMail } from "~/mail/outbox.server";
import { loader as settingsLoader } from "~/routes/admin.settings";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const fixture = path.resolve("tests/fixtures/previous-release.backup");
const scratch = mkdtempSync(path.join(os.tmpdir(), "grip-truth-upgrade-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Row = Record<string, unknown>;

describe(`the previous release's shop, upgraded (${driver})`, () => {
  it("X-SAFE-3 X-ARCH-6 X-VAT-2 X-SEC-25: every row of the previous release's fixture is still there after this code's migrations (the one-value orders.status dropped, each order keeping its two states), and orders read right through the owner's JSON with the VAT they were charged", async () => {
    // The previous release wrote unsigned backups: restored with --unsigned (X-SEC-23).
    const before = await readBackup(await readFile(fixture), { key: null, unsigned: true });
    const known = await knownMigrations();
    // The fixture is older than this code: the upgrade has migrations to run.
    expect(before.manifest.migration.count).toBeLessThan(known.length);

    const config = parseEnv({ NODE_ENV: "test", OWNER_NOTIFICATIONS: "off", ...(await emptyDatabase(driver, scratch)) });
    await restoreFrom(config, fixture, false, { unsigned: true });
    const shop = await openShop(config);
    try {
      const key = shop.settings.BACKUP_KEY;
      const after = await readBackup(await takeBackup(shop.connection.db, shop.files, shop.connection.driver, key), { key });
      expect(after.manifest.migration.count).toBe(known.length);
      expect(after.manifest.migration.tag).toBe(known.at(-1)!.tag);

      // Every table keeps every row, and every column the previous release had keeps its value.
      for (const [table, json] of before.tables) {
        // Owner sessions and sign-in failures are neither restored nor backed up (X-SEC-22).
        if (LEFT_OUT_TABLES.includes(table)) {
          expect(after.tables.has(table), table).toBe(false);
          continue;
        }
        const old = JSON.parse(json) as Row[];
        const now = JSON.parse(after.tables.get(table) ?? "[]") as Row[];
        expect(now.length, table).toBe(old.length);
        // A row without an id is known by the columns the previous release had (a column a
        // migration adds, like product_options.fit_chart, is not part of its name).
        const columns = Object.keys(old[0] ?? {});
        const key = (row: Row) =>
          JSON.stringify(
            row.id ?? row.key ?? row.code ?? row.session_id ?? columns.map((column) => row[column]),
          );
        const byKey = new Map(now.map((row) => [key(row), row]));
        for (const row of old) {
          const upgraded = byKey.get(key(row));
          expect(upgraded, `${table} ${key(row)}`).toBeDefined();
          for (const [column, value] of Object.entries(row)) {
            // The one-value orders.status is dropped (0028, issue 48): checked below instead.
            if (table === "orders" && column === "status") continue;
            expect(upgraded![column], `${table}.${column} of ${key(row)}`).toEqual(value);
          }
        }
      }

      // X-FIT-1: the size finder's charts were written into the existing shop's options.
      const options = JSON.parse(after.tables.get("product_options")!) as Row[];
      const gis = options.filter((o) => o.type === "Gi");
      expect(gis.length).toBeGreaterThan(0);
      for (const gi of gis) {
        expect(gi.fit_chart, String(gi.product_id)).toMatchObject({ measures: ["heightCm", "weightKg"] });
      }
      expect(options.filter((o) => o.type === "Sliders").every((o) => o.fit_chart === null)).toBe(true);

      // The previous release already made the e-mails' JPEGs of its photo: the backfill job
      // (email-renditions-backfill.test.ts) finds nothing to do here.
      const photos = JSON.parse(after.tables.get("product_photos")!) as {
        renditions: { format: string }[];
      }[];
      expect(photos.length).toBe(1);
      expect(photos[0]!.renditions.filter((r) => r.format === "jpeg").length).toBe(2);
      expect(await backfillEmailRenditions(shop.connection.db, shop.files)).toBe(0);

      // X-SEC-25, issue 50: each existing team store got a members' key of its own at the upgrade.
      const upgradedTeams = JSON.parse(after.tables.get("teams")!) as Row[];
      expect(upgradedTeams.length).toBeGreaterThan(0);
      for (const team of upgradedTeams) expect(String(team.member_key), String(team.slug)).toMatch(TOKEN_PATTERNS.teamKey);
      expect(new Set(upgradedTeams.map((team) => team.member_key)).size).toBe(upgradedTeams.length);

      // X-ARCH-6, issue 48: the generated one-value status is gone from the database, and every
      // order, in each of the nine old statuses, keeps the two states that status was made from.
      const upgradedOrders = new Map(
        (JSON.parse(after.tables.get("orders")!) as Row[]).map((row) => [row.id, row]),
      );
      for (const old of JSON.parse(before.tables.get("orders")!) as Row[]) {
        const now = upgradedOrders.get(old.id)!;
        expect(now, String(old.order_number)).not.toHaveProperty("status");
        const states = {
          paymentStatus: now.payment_status as PaymentStatus,
          fulfilmentStatus: now.fulfilment_status as FulfilmentStatus,
        };
        // The previous release kept one status; 0015 made the two states from it.
        expect(states, String(old.order_number)).toEqual(statesFor(old.status as OrderStatus));
        expect(legacyStatus(states), String(old.order_number)).toBe(old.status);
      }

      // Each order reads through the owner's JSON with the two states its one status meant.
      const cookie = await ownerCookieOn(shop);
      const orders = (JSON.parse(before.tables.get("orders")!) as Row[]).filter((o) => o.order_number);
      expect(orders.length).toBe(11);
      const statuses = new Set<string>();
      for (const order of orders) {
        const status = String(order.status) as OrderStatus;
        statuses.add(status);
        const number = String(order.order_number);
        const answer = await callOn(shop, orderApi, `/api/admin/orders/${number}`, { headers: { cookie } }, { orderNumber: number });
        expect(answer.status, number).toBe(200);
        const { paymentStatus, fulfilmentStatus } = statesFor(status);
        expect(await answer.json(), number).toMatchObject({
          order_number: number,
          status,
          payment_status: paymentStatus,
          fulfilment_status: fulfilmentStatus,
          total_pence: order.total_pence,
          refunded_pence: order.refunded_pence,
          customer_email: order.customer_email,
          // X-VAT-2: the VAT the previous release receipted (total × 20/120, halves up), kept.
          vat_breakdown: [
            {
              rate_percent: 20,
              net_pence: Number(order.total_pence) - Math.round((Number(order.total_pence) * 20) / 120),
              vat_pence: Math.round((Number(order.total_pence) * 20) / 120),
              gross_pence: order.total_pence,
            },
          ],
        });
      }

      // X-VAT-2: every old order keeps the VAT it was receipted with, stored at 20%, and so does
      // every line; a refund of an order gave back 20% of its amount.
      for (const old of JSON.parse(before.tables.get("orders")!) as Row[]) {
        const now = upgradedOrders.get(old.id)!;
        const total = Number(old.total_pence);
        const vat = Math.round((total * 20) / 120);
        expect(now.vat_breakdown, String(old.order_number)).toEqual([
          { rate_percent: 20, net_pence: total - vat, vat_pence: vat, gross_pence: total },
        ]);
      }
      for (const line of JSON.parse(after.tables.get("order_lines")!) as Row[]) {
        expect(line.vat_rate_percent).toBe(20);
      }
      for (const refund of JSON.parse(after.tables.get("order_refunds")!) as Row[]) {
        if (refund.flagged_payment_id) continue;
        expect(refund.vat_pence).toBe(Math.round((Number(refund.amount_pence) * 20) / 120));
      }
      expect([...statuses].sort()).toEqual(
        ["cancelled", "delivered", "dispatched", "failed", "in_production", "paid", "partly_refunded", "pending", "refunded"].sort(),
      );
      const list = await callOn(shop, ordersApi, "/api/admin/orders", { headers: { cookie } });
      expect(list.status).toBe(200);
      expect(((await list.json()) as { total: number }).total).toBeGreaterThanOrEqual(10);
    } finally {
      await shop.close();
    }
  }, 180_000);
});

describe(`the previous release's shop, upgraded, with its environment (${driver})`, () => {
  it("X-OWN-2 X-OWN-3 X-SAFE-3: a shop upgraded from the previous release keeps its settings, and its SMTP_URL and Stripe environment keep working unchanged", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let text = "";
        stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(/^Subject: (.*)$/m.exec(text)?.[1] ?? "?");
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
    const fake = await startFakeStripe();
    const before = await readBackup(await readFile(fixture), { key: null, unsigned: true });
    const config = parseEnv({
      NODE_ENV: "test",
      OWNER_NOTIFICATIONS: "off",
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_from_the_environment",
      STRIPE_WEBHOOK_SECRET: "whsec_from_the_environment",
      STRIPE_API_BASE: fake.url,
      ...(await emptyDatabase(driver, scratch)),
    });
    await restoreFrom(config, fixture, false, { unsigned: true });
    const shop = await openShop(config);
    try {
      const db = shop.connection.db;
      const key = shop.settings.BACKUP_KEY;
      const after = await readBackup(await takeBackup(db, shop.files, shop.connection.driver, key), { key });
      // Every table the previous release had keeps its rows (the first test checks their values);
      // owner sessions and sign-in failures are neither restored nor backed up (X-SEC-22).
      for (const [table, json] of before.tables) {
        if (LEFT_OUT_TABLES.includes(table)) continue;
        expect((JSON.parse(after.tables.get(table) ?? "[]") as unknown[]).length, table).toBe(
          (JSON.parse(json) as unknown[]).length,
        );
      }
      // Nothing was saved in the back office: the environment decides, as before.
      expect(JSON.parse(after.tables.get("service_settings") ?? "[]")).toEqual([]);
      expect(shop.payments.provider.name).toBe("stripe");
      expect(shop.payments.webhookSecret).toBe("whsec_from_the_environment");
      expect(shop.payments.testShop).toBe(true);
      await shop.payments.stripe!.balance.retrieve();
      expect(fake.requests.at(-1)?.key).toBe("sk_test_from_the_environment");
      await enqueueMail(db, { to: "buyer@example.com", subject: "Still sent", text: "x" });
      // The fixture's own unsent mail goes too, through the same SMTP_URL.
      let sent = 0;
      for (let round = await deliverDueMail(db, shop.mailer, { claimMs: 60_000 }); round > 0; ) {
        sent += round;
        round = await deliverDueMail(db, shop.mailer, { claimMs: 60_000 });
      }
      expect(received).toHaveLength(sent);
      expect(received).toContain("Still sent");
      const cookie = await ownerCookieOn(shop);
      const page = await callOn(shop, settingsLoader, "/admin/settings", { headers: { cookie } });
      expect(await page.json()).toMatchObject({ mail: { source: "environment" } });
    } finally {
      await shop.close();
      await fake.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  }, 180_000);
});
