import { inArray, like } from "drizzle-orm";
import type { Database } from "~/db/database";
import { photoFiles } from "~/db/schema";

/** A stored file: its bytes and media type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where photo files live, by key (X-SCALE-3): every process reads what any process wrote. In
 * the database by default (`photo_files`). Keys are made by the shop, never by a visitor.
 */
export interface FileStore {
  /** Stores the file; a key already stored keeps its first bytes (keys name their content). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files; keys not stored are skipped. */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every file whose key starts with the prefix (a deleted photo's files). */
  removePrefix(prefix: string): Promise<void>;
}

const LIKE_SPECIAL = /[\\%_]/g;

/** The files in the database: one row a file. */
export function databaseFileStore(db: Database): FileStore {
  return {
    async put(key, bytes, contentType) {
      await db.insert(photoFiles).values({ key, bytes, contentType }).onConflictDoNothing();
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: photoFiles.bytes, contentType: photoFiles.contentType })
        .from(photoFiles)
        .where(inArray(photoFiles.key, [key]))
        .limit(1);
      return row ?? null;
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await db.delete(photoFiles).where(inArray(photoFiles.key, [...keys]));
    },
    async removePrefix(prefix) {
      await db
        .delete(photoFiles)
        .where(like(photoFiles.key, `${prefix.replace(LIKE_SPECIAL, "\\$&")}%`));
    },
  };
}

/** The shop's photo files for this database handle. */
export function photoFileStore(db: Database): FileStore {
  return databaseFileStore(db);
}
