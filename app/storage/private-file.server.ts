import { constants } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";

/**
 * Writes a file whole under a temporary name, then renames it into place (X-SEC-23): the
 * temporary file is created new (`wx`, so a file or link planted at its name is refused, and
 * O_NOFOLLOW), 0600, so a reader never sees half a file and a planted link never aims the write.
 */
export async function writePrivateFile(file: string, data: Buffer | string): Promise<void> {
  const partial = `${file}.partial`;
  const flags =
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
  let handle;
  try {
    handle = await open(partial, flags, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Left by a write that stopped half-way, or planted: removed (unlink never follows a link),
    // then created anew, still exclusively.
    await unlink(partial);
    handle = await open(partial, flags, 0o600);
  }
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}
