import { createHash, randomBytes, randomUUID } from "node:crypto";
import { link, mkdir, open, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import type { Env } from "./env.server";

/**
 * The key backups are signed with (X-SEC-23, issue 50 item 2): BACKUP_KEY when set, else a key
 * made once into DATA_DIR/backup.key (0600) and printed once with where to keep it. It is never
 * in a backup: whoever holds a backup alone cannot make one the restore accepts.
 */
export const BACKUP_KEY_FILE = "backup.key";

export function backupKeyFile(dataDir: string): string {
  return path.join(dataDir, BACKUP_KEY_FILE);
}

/** A short name for a key (not the key): a backup says which key signed it. */
export function backupKeyId(key: string): string {
  return createHash("sha256").update(`grip-truth backup key\0${key}`).digest("hex").slice(0, 12);
}

/** The key of this shop's backups, or null when neither BACKUP_KEY nor DATA_DIR/backup.key has one. */
export async function findBackupKey(
  settings: Pick<Env, "BACKUP_KEY" | "dataDir">,
): Promise<string | null> {
  if (settings.BACKUP_KEY) return settings.BACKUP_KEY;
  const text = await readFile(backupKeyFile(settings.dataDir), "utf8").catch(() => null);
  const key = text?.trim();
  return key && key.length >= 32 ? key : null;
}

/** What the shop prints when it made a key: the key, once, and where to keep it. */
export function newKeySentence(file: string, key: string): string {
  return `A key for signing this shop's backups was made and kept in ${file} (readable by the shop's user only): ${key} . Keep a copy of it away from the backups (a password manager), or set BACKUP_KEY to it: a backup is restored only with the key that signed it (docs/operations.md). It is not printed again.`;
}

/**
 * The key, made when there is none: written whole under a temporary name (`wx`, 0600) and linked
 * into place, so of two processes making one at once (two shops on one volume) both end with
 * the first one's key.
 */
export async function ensureBackupKey(
  settings: Pick<Env, "BACKUP_KEY" | "dataDir">,
  say: (sentence: string) => void,
): Promise<string> {
  const found = await findBackupKey(settings);
  if (found) return found;
  const file = backupKeyFile(settings.dataDir);
  await mkdir(settings.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString("base64url");
  const temp = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temp, "wx", 0o600);
  try {
    await handle.writeFile(`${key}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
    say(newKeySentence(file, key));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp);
  }
  const kept = await findBackupKey(settings);
  if (!kept) throw new Error(`${file} holds no backup key: remove it, or set BACKUP_KEY.`);
  return kept;
}
