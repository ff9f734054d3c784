// @module-tag driver
// The nightly backup (issue 40 item 1): BACKUP_DIR gets one backup after each BACKUP_SCHEDULE time
// (UK time), none twice for one night, and keeps BACKUP_KEEP; the files are whole backups.
import { mkdtempSync } from "node:fs";
import { readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";
import { lastScheduled, nightlyBackup, nightlyBackups } from "~/server/backup-schedule.server";
import { readBackup } from "~/server/backup.server";
import { backupHealth } from "~/flows/back-office/backups.server";
import { loader as dashboardPage } from "~/routes/admin.dashboard";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call } from "./helpers";

const dir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-nightly-"));
useTestSettings({
  BACKUP_DIR: dir,
  BACKUP_SCHEDULE: "03:30",
  BACKUP_KEEP: "3",
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
});
const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

describe(`nightly backups (${driver})`, () => {
  it("X-SAFE-8: the schedule is UK time, summer and winter", () => {
    // Winter: 03:30 in London is 03:30 UTC; summer: 02:30 UTC.
    expect(lastScheduled(new Date("2026-12-01T10:00:00Z"), "03:30").toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(lastScheduled(new Date("2026-12-01T03:00:00Z"), "03:30").toISOString()).toBe("2026-11-30T03:30:00.000Z");
    expect(lastScheduled(new Date("2026-07-01T10:00:00Z"), "03:30").toISOString()).toBe("2026-07-01T02:30:00.000Z");
    expect(lastScheduled(new Date("2026-07-01T02:00:00Z"), "03:30").toISOString()).toBe("2026-06-30T02:30:00.000Z");
  });

  it("X-SAFE-8: one backup a night into BACKUP_DIR, none twice, the newest BACKUP_KEEP kept", async () => {
    const { settings, connection, files } = theShop();
    const night = (day: number, time = "04:00") => new Date(`2026-12-${String(day).padStart(2, "0")}T${time}:00Z`);
    expect(await nightlyBackup(settings, connection, files, night(1))).toBe(1);
    expect(await nightlyBackup(settings, connection, files, night(1, "05:00"))).toBe(0);
    expect(await nightlyBackup(settings, connection, files, night(1, "23:59"))).toBe(0);
    for (const day of [2, 3, 4, 5]) expect(await nightlyBackup(settings, connection, files, night(day))).toBe(1);
    const kept = await nightlyBackups(dir, settings.BACKUP_KEY);
    expect(kept.map((b) => b.takenAt.toISOString())).toEqual([night(5), night(4), night(3)].map((d) => d.toISOString()));
    const backup = await readBackup(await readFile(path.join(dir, kept[0]!.file)), { key: settings.BACKUP_KEY });
    expect(backup.manifest.takenAt).toBe(night(5).toISOString());
    expect(backup.manifest.tables.orders).toBeDefined();
  });

  it("X-SAFE-1: the dashboard says when the last backup was taken, and a missing or late one needs attention", async () => {
    const emptyDir = async () => {
      for (const file of await readdir(dir)) await rm(path.join(dir, file));
    };
    const settings = { BACKUP_DIR: dir, BACKUP_SCHEDULE: "03:30", BACKUP_KEY: theShop().settings.BACKUP_KEY };
    await emptyDir();
    // None yet: late once 03:30 is two hours past (05:30 UK time on 1 December).
    const none = await backupHealth(settings, null, new Date("2026-12-01T06:00:00Z"));
    expect(none).toMatchObject({ lastAt: null, late: true });
    expect(none!.sentence).toMatch(/^No backup has been written to BACKUP_DIR yet/);
    // Not set: nothing to say.
    expect(await backupHealth({ BACKUP_DIR: undefined, BACKUP_SCHEDULE: "03:30", BACKUP_KEY: "k".repeat(32) }, null, new Date())).toBeNull();

    const { settings: shopSettings, connection, files } = theShop();
    await nightlyBackup(shopSettings, connection, files, new Date("2026-12-01T03:31:00Z"));
    // Taken at 03:31: fine that day and until 05:30 the next, late from then on (a failed night
    // writes no file, so it reads the same).
    expect(await backupHealth(settings, null, new Date("2026-12-01T12:00:00Z"))).toMatchObject({ late: false, lastAt: "2026-12-01T03:31:00.000Z" });
    expect(await backupHealth(settings, null, new Date("2026-12-02T05:29:00Z"))).toMatchObject({ late: false });
    const late = await backupHealth(settings, null, new Date("2026-12-02T05:31:00Z"));
    expect(late).toMatchObject({ late: true, lastAt: "2026-12-01T03:31:00.000Z" });
    expect(late!.sentence).toMatch(/^The nightly backup due .* was not written \(the last is from /);

    // The dashboard, at the shop's clock: a missing backup is a "Needs attention" item.
    await emptyDir();
    const cookie = await signInCookie();
    const page = async () =>
      (await (await call(dashboardPage, "/admin", { headers: { cookie } })).json()) as {
        backup: { late: boolean; sentence: string; lastAt: string | null } | null;
      };
    expect((await page()).backup).toMatchObject({ late: true, lastAt: null });
    await nightlyBackup(shopSettings, connection, files, new Date());
    const after = (await page()).backup!;
    expect(after.late).toBe(false);
    expect(after.sentence).toMatch(/^Last backup /);
  });
});
