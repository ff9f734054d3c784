export type { FileStore, StoredFile } from "./file-store";
import { inArray, like } from "drizzle-orm";
import type { Database } from "~/db/database";
import { photoFiles } from "~/db/schema";
import { env } from "~/server/env.server";
import type { FileStore } from "./file-store";
import { s3FileStore } from "./s3.server";

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

let bucket: { name: string; store: FileStore } | undefined;

/** The S3-compatible bucket when S3_BUCKET is set (product and review photos), else null. */
export function photoBucket(): FileStore | null {
  const config = env();
  if (!config.S3_BUCKET) return null;
  if (bucket?.name !== config.S3_BUCKET) {
    bucket = {
      name: config.S3_BUCKET,
      store: s3FileStore({ ...config, S3_BUCKET: config.S3_BUCKET }),
    };
  }
  return bucket.store;
}

/** The shop's photo files: the bucket when S3_BUCKET is set, else this database's table. */
export function photoFileStore(db: Database): FileStore {
  return photoBucket() ?? databaseFileStore(db);
}
