export type { FileStore, StoredFile } from "./file-store";
import { inArray, like } from "drizzle-orm";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/database";
import { photoFiles } from "./schema";
import type { FileStore } from "./file-store";
import { type S3Config, s3FileStore } from "./s3.server";

const LIKE_SPECIAL = /[\\%_]/g;

/** The files in the database: one row a file. */
export function databaseFileStore(db: Database): FileStore {
  return {
    kind: "database",
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
    async keys(prefix) {
      const rows = await db
        .select({ key: photoFiles.key })
        .from(photoFiles)
        .where(
          prefix ? like(photoFiles.key, `${prefix.replace(LIKE_SPECIAL, "\\$&")}%`) : undefined,
        );
      return rows.map((row) => row.key);
    },
  };
}

/**
 * The shop's photo files (built once by the composition root): the S3-compatible bucket when
 * S3_BUCKET is set, else this database's table.
 */
export function openFileStore(db: Database, settings: S3Config): FileStore {
  const name = settings.S3_BUCKET;
  return name ? s3FileStore({ ...settings, S3_BUCKET: name }) : databaseFileStore(db);
}

/** The request's photo file store, put in by the composition root (app/server/shop.server.ts). */
export const filesContext = createContext<FileStore | null>(null);

export function filesFrom(context: Readonly<RouterContextProvider>): FileStore {
  const files = context.get(filesContext);
  if (!files) throw new Error("No file store in the request context: was it built by app/server/?");
  return files;
}

/** The bucket, when the photo files are kept in one (review photos keep their bytes otherwise). */
export function bucketOf(files: FileStore): FileStore | null {
  return files.kind === "bucket" ? files : null;
}
