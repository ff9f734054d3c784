import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Secrets at rest (X-SEC-22, issue 50 item 1): the shop's folders hold its database, sent mail and
 * backups, so they are the shop's user's only. The process makes what it writes private
 * (umask 077), creates DATA_DIR, BACKUP_DIR and the outbox 0700, and at start tightens folders
 * and files that an earlier version (or a copy) left open to the group or to others.
 */
export const PRIVATE_UMASK = 0o077;

/** Everything this process creates from here on is readable by its own user only. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/** How many folders and files under a folder were open to others and were tightened. */
export interface Tightened {
  dir: string;
  count: number;
}

/**
 * Creates the folder 0700 when missing; otherwise takes group and other permissions off it and
 * off every folder and file under it (symbolic links are left alone, never followed). Answers
 * how many it changed. A folder the process may not change is reported, not fatal.
 */
export async function makePrivate(dir: string): Promise<Tightened> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let count = 0;
  const visit = async (at: string) => {
    const found = await lstat(at).catch(() => null);
    if (!found || found.isSymbolicLink()) return;
    if ((found.mode & 0o077) !== 0) {
      const mode = found.mode & 0o700;
      await chmod(at, found.isDirectory() ? mode | 0o700 : mode);
      count++;
    }
    if (found.isDirectory()) {
      for (const name of await readdir(at).catch(() => [] as string[])) {
        await visit(path.join(at, name));
      }
    }
  };
  await visit(dir);
  return { dir, count };
}

/**
 * At start (the server and the backup commands): umask 077, then DATA_DIR (with the outbox in
 * it) and BACKUP_DIR private. Says in one sentence each folder it had to tighten.
 */
export async function privateFolders(
  settings: { dataDir: string; BACKUP_DIR?: string | undefined },
  say: (sentence: string) => void,
): Promise<void> {
  setPrivateUmask();
  const folders: [string, string][] = [["DATA_DIR", settings.dataDir]];
  if (settings.BACKUP_DIR) folders.push(["BACKUP_DIR", path.resolve(settings.BACKUP_DIR)]);
  for (const [name, dir] of folders) {
    try {
      const { count } = await makePrivate(dir);
      if (count > 0) {
        say(
          `${name} (${dir}) was readable by other users of this machine: ${count} folders and files in it are now the shop's user's only (0700 folders, 0600 files).`,
        );
      }
    } catch (error) {
      say(
        `${name} (${dir}) could not be made private to the shop's user (${error instanceof Error ? error.message : String(error)}): check who owns it.`,
      );
    }
  }
}

/**
 * PGlite writes its files 0666 whatever the umask (its file system layer sets the mode itself):
 * DATA_DIR is tightened again once the database is open, every 10 minutes while the shop serves,
 * and when it stops. DATA_DIR itself stays 0700 throughout, so none of them is reachable by
 * another user in between.
 */
export function keepPrivate(dir: string, everyMs = 600_000) {
  const tighten = () =>
    makePrivate(dir).then(
      () => undefined,
      () => undefined,
    );
  const timer = setInterval(() => void tighten(), everyMs);
  timer.unref();
  return {
    /** The pass made at once. */
    first: tighten(),
    async stop() {
      clearInterval(timer);
      await tighten();
    },
  };
}
