import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Connection } from "~/db/client.server";
import { lastScheduled, nightlyBackups } from "~/flows/back-office/backups.server";
import type { FileStore } from "~/storage/files.server";
import { takeBackup } from "./backup.server";
import type { Env } from "./env.server";

export { lastScheduled, nightlyBackups };

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
