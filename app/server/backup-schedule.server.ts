import type { Connection } from "~/db/client.server";
import {
  backupNameAt,
  backupShelf,
  lastScheduled,
  nightlyBackups,
} from "~/flows/back-office/backups.server";
import type { FileStore } from "~/storage/files.server";
import { takeBackup } from "./backup.server";
import type { Env } from "./env.server";

export { lastScheduled, nightlyBackups };

/**
 * The nightly backup (issue 40 item 1): when BACKUP_DIR is set (else S3_BUCKET: the bucket's
 * `backups/` prefix) and no backup there is as recent as the last BACKUP_SCHEDULE time, takes
 * one (in a folder written under a temporary name, then renamed; in the bucket one PUT) and keeps
 * the newest BACKUP_KEEP. Only backups it wrote count (named with a tag under BACKUP_KEY, signed
 * with it): it never takes another file for the newest, nor removes one. Answers 1 when it took
 * one, else 0.
 */
export async function nightlyBackup(
  settings: Pick<Env, "BACKUP_DIR" | "BACKUP_SCHEDULE" | "BACKUP_KEEP" | "BACKUP_KEY">,
  connection: Pick<Connection, "db" | "driver">,
  files: FileStore,
  now: Date,
): Promise<number> {
  const shelf = backupShelf(settings, files);
  if (!shelf || !settings.BACKUP_KEY) return 0;
  const due = lastScheduled(now, settings.BACKUP_SCHEDULE);
  const [newest] = await shelf.list();
  if (newest && newest.takenAt.getTime() >= due.getTime()) return 0;
  const data = await takeBackup(connection.db, files, connection.driver, settings.BACKUP_KEY, now);
  await shelf.write(backupNameAt(now, settings.BACKUP_KEY), data);
  const kept = await shelf.list();
  for (const old of kept.slice(settings.BACKUP_KEEP)) await shelf.remove(old.file);
  return 1;
}
