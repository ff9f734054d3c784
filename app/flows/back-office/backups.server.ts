import { readdir } from "node:fs/promises";
import type { Env } from "~/server/env.server";
import { BACKUP_LATE_AFTER_MINUTES } from "~/shared/limits";
import { formatLondonDayTime, isBritishSummerTime } from "~/shared/london-time";

/** A nightly backup's file name in BACKUP_DIR, with the instant it was taken. */
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

/** What the dashboard says of the nightly backups (null: BACKUP_DIR is not set). */
export interface BackupHealth {
  /** When the newest backup in BACKUP_DIR was taken (ISO), or null when there is none. */
  lastAt: string | null;
  /** No backup since the last scheduled time that is BACKUP_LATE_AFTER_MINUTES past. */
  late: boolean;
  /** For the owner: when the last one was taken, or what is missing and what to do. */
  sentence: string;
}

/**
 * The nightly backups as the owner sees them (issue 40 item 1): the newest file in BACKUP_DIR,
 * and whether one is missing. A backup that failed writes no file, so a failed night and a missed
 * one look the same: late, once the schedule is BACKUP_LATE_AFTER_MINUTES past.
 */
export async function backupHealth(
  settings: Pick<Env, "BACKUP_DIR" | "BACKUP_SCHEDULE">,
  now: Date,
): Promise<BackupHealth | null> {
  const dir = settings.BACKUP_DIR;
  if (!dir) return null;
  const [newest] = await nightlyBackups(dir);
  const due = lastScheduled(
    new Date(now.getTime() - BACKUP_LATE_AFTER_MINUTES * 60_000),
    settings.BACKUP_SCHEDULE,
  );
  const late = !newest || newest.takenAt.getTime() < due.getTime();
  const last = newest ? formatLondonDayTime(newest.takenAt) : null;
  const sentence = !late
    ? `Last backup ${last}.`
    : newest
      ? `The nightly backup due ${formatLondonDayTime(due)} was not written (the last is from ${last}). Check the shop's log for "nightly-backup", and the space left where BACKUP_DIR points; take one now with npm run backup.`
      : `No backup has been written to BACKUP_DIR yet (the first was due ${formatLondonDayTime(due)}). Check the shop's log for "nightly-backup", and that the folder can be written; take one now with npm run backup.`;
  return { lastAt: newest ? newest.takenAt.toISOString() : null, late, sentence };
}
