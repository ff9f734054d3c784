// @module-tag driver
// Lean, logged backups (issue 53 item 7, X-DAY-12): the seed shop with one photo and its drawings
// made backs up under 1 MB, without the drawings' PNGs, in one log line with its size and time;
// restored into an empty database, its drawings are drawn again when asked for.
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { forgetDrawingPngs, makeMissingDrawings } from "~/catalogue/art/png.server";
import { processNextPhoto } from "~/catalogue/photos/processing.server";
import { loadCatalogue } from "~/catalogue/store.server";
import { action as photosApi } from "~/routes/api.admin.product-photos";
import { loader as drawing } from "~/routes/product-image";
import { restoreFrom } from "~/server/backup-cli.server";
import { backupLogLine, readBackup, REBUILT_TABLES, takeBackup } from "~/server/backup.server";
import { parseEnv } from "~/server/env.server";
import { openShop } from "~/server/shop.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";
import { callOn, emptyDatabase } from "./restore-targets";
import { testDb, theShop, useTestSettings } from "./shop";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
const scratch = mkdtempSync(path.join(os.tmpdir(), "grip-truth-lean-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const count = async (db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, table: string) =>
  Number(((await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as { rows: { n: number }[] }).rows[0]!.n);

async function onePhoto(cookie: string) {
  // A photo of about the owner's size (26 KB): noise does not compress away.
  const noise = Buffer.alloc(160 * 120 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const jpeg = await sharp(noise, { raw: { width: 160, height: 120, channels: 3 } }).resize(640, 480).jpeg({ quality: 80 }).toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)]), "photo.jpg");
  form.append("alt", "Grey hoodie on a hanger");
  const encoded = new Response(form);
  const answer = await call(photosApi, "/api/admin/products/mens-grip-truth-hoodie/photos", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type")!, cookie },
    body: await encoded.arrayBuffer(),
  }, { id: "mens-grip-truth-hoodie" });
  expect(answer.status).toBe(201);
  return jpeg.length;
}

describe(`lean, logged backups (${driver})`, () => {
  it("X-DAY-12: the seed shop with one photo and its drawings made backs up under 1 MB without the drawings, logs one line with its size and time, and the restored shop draws them again on demand", { timeout: 240_000 }, async () => {
    const db = await testDb();
    const photoBytes = await onePhoto(await signInCookie());
    expect(await processNextPhoto(db, theShop().files)).toBe(1);
    // The drawings a running shop makes: a good share of the catalogue's (each is tens of KB).
    const catalogue = await loadCatalogue(db, Date.now());
    await makeMissingDrawings(db, [...catalogue.all.values()], 8);
    const drawingsBefore = await count(db, "drawing_pngs");
    expect(drawingsBefore).toBeGreaterThanOrEqual(8);

    const logged: string[] = [];
    const { connection, files, settings } = theShop();
    const data = await takeBackup(connection.db, files, connection.driver, settings.BACKUP_KEY, new Date(), (line) => logged.push(line));
    console.log(`${logged[0]} (photo ${photoBytes} bytes, ${drawingsBefore} drawings in the shop)`);
    expect(data.length).toBeLessThan(2 ** 20);
    // One line, with its size and how long it took.
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(new RegExp(`^Backup taken: \\d+ KB \\(${data.length} bytes\\), \\d+ tables, \\d+ rows, [1-9]\\d* files, in \\d+ ms; left out: .*drawing_pngs\\.$`));
    expect(backupLogLine({ bytes: 45_926_000, ms: 812, tables: 40, rows: 1200, files: 5 })).toMatch(/^Backup taken: 43\.8 MB \(45926000 bytes\)/);

    const backup = await readBackup(data, { key: settings.BACKUP_KEY });
    for (const table of REBUILT_TABLES) expect(backup.tables.has(table)).toBe(false);
    expect(backup.manifest.tables.product_photos!.rows).toBe(1);
    expect(backup.manifest.files.count).toBeGreaterThan(0);

    const file = path.join(scratch, "lean.backup");
    await writeFile(file, data);
    const target = await emptyDatabase(driver, scratch);
    const config = parseEnv({ NODE_ENV: "test", OWNER_NOTIFICATIONS: "off", BACKGROUND_WORK: "off", BACKUP_KEY: settings.BACKUP_KEY, ...target });
    await restoreFrom(config, file, false);
    const restored = await openShop(config);
    try {
      expect(await count(restored.connection.db, "drawing_pngs")).toBe(0);
      expect(await count(restored.connection.db, "product_photos")).toBe(1);
      // Drawn again on the first ask, in this process too (its memory of drawings forgotten).
      forgetDrawingPngs();
      const product = [...catalogue.all.values()].find((p) => p.status === "active")!;
      const view = product.images[0]!.view;
      const answer = await callOn(restored, drawing, `/images/products/${product.id}/${view}.png`, {}, { productId: product.id, file: `${view}.png` });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(1000);
      expect(await count(restored.connection.db, "drawing_pngs")).toBe(1);
    } finally {
      await restored.close();
    }
  });
});
