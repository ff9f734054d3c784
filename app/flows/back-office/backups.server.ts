import { createHmac } from "node:crypto";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/shared/settings";
import { bucketOf, type FileStore } from "~/storage/files.server";
import { writePrivateFile } from "~/storage/private-file.server";
import { ProblemError } from "~/shared/problems";
import { BACKUP_LATE_AFTER_MINUTES } from "~/shared/limits";
import { formatLondonDayTime, isBritishSummerTime } from "~/shared/london-time";

/**
 * A nightly backup's file name in BACKUP_DIR: the instant it was taken and a tag, the start of an
 * HMAC of that instant under the backup key (X-SEC-23). The nightly job lists, counts and removes
 * only names it could have made: a file put there by anyone else is neither newest nor rotated.
 */
const NAME = /^grip-truth-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-([0-9a-f]{16})\.backup$/;

/** The settings the nightly backups need: where, and the key their names are tagged with (the
 *  shop resolves BACKUP_KEY when it opens; without one there is no shelf). */
export type BackupShelfSettings = Pick<Env, "BACKUP_DIR" | "BACKUP_KEY">;

const tagOf = (key: string, stamp: string) =>
  createHmac("sha256", key).update(`nightly ${stamp}`).digest("hex").slice(0, 16);

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

/** Where nightly backups go in the bucket (with S3_BUCKET and no BACKUP_DIR); photos never live here. */
export const BUCKET_BACKUPS_PREFIX = "backups/";

/** A nightly backup's file name for the instant it was taken, tagged with the backup key. */
export function backupNameAt(takenAt: Date, key: string): string {
  const stamp = takenAt.toISOString().replace(/[:.]/g, "-");
  return `grip-truth-${stamp}-${tagOf(key, stamp)}.backup`;
}

/** The nightly backups in the folder that this shop wrote, newest first, with when each was taken. */
export async function nightlyBackups(
  dir: string,
  key: string,
): Promise<{ file: string; takenAt: Date }[]> {
  return backupsNamed(await readdir(dir).catch(() => [] as string[]), key);
}

/**
 * Where the nightly backups are kept: BACKUP_DIR when set, else (with S3_BUCKET) the bucket's
 * `backups/` prefix; none without either.
 */
export interface BackupShelf {
  /** For the owner's sentences. */
  readonly where: string;
  /** The backups kept, newest first. */
  list(): Promise<{ file: string; takenAt: Date }[]>;
  /** Stores a whole backup under the name (never seen half-written). */
  write(file: string, data: Buffer): Promise<void>;
  remove(file: string): Promise<void>;
}

export function backupShelf(
  settings: BackupShelfSettings,
  files: FileStore | null,
): BackupShelf | null {
  const dir = settings.BACKUP_DIR;
  const key = settings.BACKUP_KEY;
  if (!key) return null;
  if (dir) {
    return {
      where: "BACKUP_DIR",
      list: () => nightlyBackups(dir, key),
      async write(file, data) {
        // The folder and the file are the shop's user's only (X-SEC-22); the temporary file is
        // made new, never through a planted link (X-SEC-23).
        await mkdir(dir, { recursive: true, mode: 0o700 });
        await writePrivateFile(path.join(dir, file), data);
      },
      remove: (file) => rm(path.join(dir, file)),
    };
  }
  const bucket = files && bucketOf(files);
  if (!bucket) return null;
  return {
    where: `the bucket's ${BUCKET_BACKUPS_PREFIX} folder`,
    async list() {
      const keys = await bucket.keys(BUCKET_BACKUPS_PREFIX);
      return backupsNamed(
        keys.map((name) => name.slice(BUCKET_BACKUPS_PREFIX.length)),
        key,
      );
    },
    // One PUT: the object appears whole or not at all.
    write: (file, data) => bucket.put(BUCKET_BACKUPS_PREFIX + file, data, "application/gzip"),
    remove: (file) => bucket.remove([BUCKET_BACKUPS_PREFIX + file]),
  };
}

function backupsNamed(names: readonly string[], key: string): { file: string; takenAt: Date }[] {
  return names
    .map((file) => {
      const match = NAME.exec(file);
      if (!match || match[2] !== tagOf(key, match[1]!)) return null;
      const iso = match[1]!.replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, "T$1:$2:$3.$4Z");
      return { file, takenAt: new Date(iso) };
    })
    .filter((entry): entry is { file: string; takenAt: Date } => entry !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** What the dashboard says of the nightly backups (null: neither BACKUP_DIR nor S3_BUCKET is set). */
export interface BackupHealth {
  /** When the newest nightly backup was taken (ISO), or null when there is none. */
  lastAt: string | null;
  /** No backup since the last scheduled time that is BACKUP_LATE_AFTER_MINUTES past. */
  late: boolean;
  /** For the owner: when the last one was taken, or what is missing and what to do. */
  sentence: string;
}

/**
 * The nightly backups as the owner sees them (issue 40 item 1): the newest in BACKUP_DIR (or the
 * bucket's `backups/`), and whether one is missing. A backup that failed writes no file, so a
 * failed night and a missed one look the same: late, once the schedule is
 * BACKUP_LATE_AFTER_MINUTES past.
 */
export async function backupHealth(
  settings: BackupShelfSettings & Pick<Env, "BACKUP_SCHEDULE">,
  files: FileStore | null,
  now: Date,
): Promise<BackupHealth | null> {
  const shelf = backupShelf(settings, files);
  if (!shelf) return null;
  let newest: { takenAt: Date } | undefined;
  try {
    [newest] = await shelf.list();
  } catch (error) {
    // The bucket not answering (X-SAFE-6): the dashboard still serves, and says so.
    if (!(error instanceof ProblemError) || error.problem.kind !== "unavailable") throw error;
    return {
      lastAt: null,
      late: true,
      sentence: `The nightly backups in ${shelf.where} cannot be read right now: the bucket is not answering. Check the bucket's provider and credentials; take one now with npm run backup.`,
    };
  }
  const due = lastScheduled(
    new Date(now.getTime() - BACKUP_LATE_AFTER_MINUTES * 60_000),
    settings.BACKUP_SCHEDULE,
  );
  const late = !newest || newest.takenAt.getTime() < due.getTime();
  const [room, writable] = settings.BACKUP_DIR
    ? ["the space left where BACKUP_DIR points", "the folder can be written"]
    : ["that the bucket answers", "the bucket can be written"];
  const last = newest ? formatLondonDayTime(newest.takenAt) : null;
  const sentence = !late
    ? `Last backup ${last}.`
    : newest
      ? `The nightly backup due ${formatLondonDayTime(due)} was not written (the last is from ${last}). Check the shop's log for "nightly-backup", and ${room}; take one now with npm run backup.`
      : `No backup has been written to ${shelf.where} yet (the first was due ${formatLondonDayTime(due)}). Check the shop's log for "nightly-backup", and that ${writable}; take one now with npm run backup.`;
  return { lastAt: newest ? newest.takenAt.toISOString() : null, late, sentence };
}
