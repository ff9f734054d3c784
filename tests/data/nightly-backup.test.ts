// The nightly backup (issue 40 item 1): BACKUP_DIR gets one backup after each BACKUP_SCHEDULE time
// (UK time), none twice for one night, and keeps BACKUP_KEEP; the files are whole backups.
import { mkdtempSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";
import { lastScheduled, nightlyBackup, nightlyBackups } from "~/server/backup-schedule.server";
import { readBackup } from "~/server/backup.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "grip-truth-nightly-"));
useTestSettings({ BACKUP_DIR: dir, BACKUP_SCHEDULE: "03:30", BACKUP_KEEP: "3" });
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
    const kept = await nightlyBackups(dir);
    expect(kept.map((b) => b.takenAt.toISOString())).toEqual([night(5), night(4), night(3)].map((d) => d.toISOString()));
    const backup = await readBackup(await readFile(path.join(dir, kept[0]!.file)));
    expect(backup.manifest.takenAt).toBe(night(5).toISOString());
    expect(backup.manifest.tables.orders).toBeDefined();
  });
});
