import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Connection } from "~/db/client.server";
import { isBritishSummerTime } from "~/shared/london-time";
import type { FileStore } from "~/storage/files.server";
import { takeBackup } from "./backup.server";
import type { Env } from "./env.server";

const NAME = /^grip-truth-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.backup$/;

/** The latest instant at or before `now` when London's clocks read `schedule` (HH:MM). */
export function lastScheduled(now: Date, schedule: string): Date {
  const [hours, minutes] = schedule.split(":").map(Number) as [number, number];
  const londonNow = new Date(now.getTime() + (isBritishSummerTime(now) ? 3_600_000 : 0));
  for (let daysBack = 0; daysBack < 3; daysBack++) {
    const asUtc = Date.UTC(
      londonNow.getUTCFullYear(),
      londonNow.getUTCMonth(),
      londonNow.getUTCDate() - daysBack,
      hours,
      minutes,
    );
    const offset = isBritishSummerTime(new Date(asUtc - 3_600_000)) ? 3_600_000 : 0;
    const instant = new Date(asUtc - offset);
    if (instant.getTime() <= now.getTime()) return instant;
  }
  throw new Error("No scheduled time in the last three days.");
}

/** The nightly backups in the folder, newest first, with when each was taken. */
export async function nightlyBackups(dir: string): Promise<{ file: string; takenAt: Date }[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((file) => {
      const match = NAME.exec(file);
      if (!match) return null;
      const iso = match[1]!.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, "T$1:$2:$3.$4Z");
      return { file, takenAt: new Date(iso) };
    })
    .filter((entry): entry is { file: string; takenAt: Date } => entry !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * The nightly backup (issue 40 item 1): when BACKUP_DIR is set and no backup there is as recent
 * as the last BACKUP_SCHEDULE time, takes one (written under a temporary name, then renamed) and
 * keeps the newest BACKUP_KEEP. Answers 1 when it took one, else 0.
 */
export async function nightlyBackup(
  settings: Pick<Env, "BACKUP_DIR" | "BACKUP_SCHEDULE" | "BACKUP_KEEP">,
  connection: Pick<Connection, "db" | "driver">,
  files: FileStore,
  now: Date,
): Promise<number> {
  const dir = settings.BACKUP_DIR;
  if (!dir) return 0;
  const due = lastScheduled(now, settings.BACKUP_SCHEDULE);
  const [newest] = await nightlyBackups(dir);
  if (newest && newest.takenAt.getTime() >= due.getTime()) return 0;
  await mkdir(dir, { recursive: true });
  const data = await takeBackup(connection.db, files, connection.driver, now);
  const name = `grip-truth-${now.toISOString().replace(/[:.]/g, "-")}.backup`;
  const partial = path.join(dir, `${name}.partial`);
  await writeFile(partial, data);
  await rename(partial, path.join(dir, name));
  const kept = await nightlyBackups(dir);
  for (const old of kept.slice(settings.BACKUP_KEEP)) await rm(path.join(dir, old.file));
  return 1;
}
