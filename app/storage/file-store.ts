/** A stored file: its bytes and media type. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where photo files live, by key (X-SCALE-3): every process reads what any process wrote. In
 * the database by default (`photo_files`), in an S3-compatible bucket with S3_BUCKET. Keys are
 * made by the shop, never by a visitor.
 */
export interface FileStore {
  /** Where the files are: the database's `photo_files` table, or an S3-compatible bucket. */
  readonly kind: "database" | "bucket";
  /** Stores the file; a key already stored keeps its first bytes (keys name their content). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files; keys not stored are skipped. */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every file whose key starts with the prefix (a deleted photo's files). */
  removePrefix(prefix: string): Promise<void>;
  /** Every stored key (a backup reads them all, X-SAFE-1), or those starting with the prefix. */
  keys(prefix?: string): Promise<string[]>;
}
