// @module-tag driver
// `npm run backup` beside a serving embedded shop (issue 40 item 1, X-SAFE-1): PGlite is one
// process, so the command asks the serving shop, on its socket in DATA_DIR, for a backup taken in
// its own process, and never opens DATA_DIR beside it; a restore is refused while it serves.
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { theShop, testDb } from "./shop";
import { sql } from "drizzle-orm";
import { backupTo, restoreFrom } from "~/server/backup-cli.server";
import { readBackup, takeBackup } from "~/server/backup.server";
import {
  backupFromRunningShop,
  controlSocketPath,
  openControlSocket,
} from "~/server/control-socket.server";
import type { Env } from "~/server/env.server";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

describe(`npm run backup beside a serving shop (${driver})`, () => {
  it("X-SAFE-1: the serving shop takes the backup in its own process while buyers write, DATA_DIR is not opened by the command, and a restore is refused while it serves", { tags: ["race"] }, async () => {
    const db = await testDb();
    const shop = theShop();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-serving-"));
    const config = { ...shop.settings, DATABASE_URL: undefined, dataDir } as Env;
    // No shop serves: nothing answers (a socket left by a killed shop neither).
    expect(await backupFromRunningShop(dataDir)).toBeNull();
    writeFileSync(controlSocketPath(dataDir), "");
    expect(await backupFromRunningShop(dataDir)).toBeNull();

    let backups = 0;
    const control = await openControlSocket(dataDir, async () => {
      backups += 1;
      return takeBackup(db, shop.files, shop.connection.driver, shop.settings.BACKUP_KEY);
    });
    try {
      // Writes go on beside it, as buyers would.
      await db.execute(sql`CREATE TABLE IF NOT EXISTS serving_probe (n integer)`);
      const writes = Promise.all(
        Array.from({ length: 20 }, (_, n) => db.execute(sql`INSERT INTO serving_probe VALUES (${n})`)),
      );
      const file = path.join(dataDir, "shop.backup");
      const result = await backupTo(config, file);
      await writes;
      expect(result.fromRunningShop).toBe(true);
      expect(backups).toBe(1);
      const backup = await readBackup(await readFile(file), { key: shop.settings.BACKUP_KEY });
      expect(backup.manifest.tables.orders).toBeDefined();
      expect(backup.manifest.tables.products!.rows).toBeGreaterThan(0);
      // The command never opened DATA_DIR's database beside the serving shop.
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);

      await expect(restoreFrom(config, file, true)).rejects.toThrow(
        /A shop is serving on .*: stop it before restoring into its database\. Nothing was changed\./,
      );
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
    } finally {
      await new Promise((resolve) => control.close(resolve));
      await db.execute(sql`DROP TABLE IF EXISTS serving_probe`);
    }
    // Stopped: the command is on its own again.
    expect(await backupFromRunningShop(dataDir)).toBeNull();
  });
});
