import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/database";
import type { FileStore } from "~/storage/files.server";
import { BUCKET_BACKUPS_PREFIX } from "~/flows/back-office/backups.server";
import { PRODUCT_PHOTO_FILE_KEY } from "~/catalogue/photos/urls";
import { REVIEW_PHOTO_FILE_KEY } from "~/reviews/photos.server";
import { backupKeyId } from "./backup-key.server";

/**
 * Backups and restores (X-SAFE-1, X-SAFE-2, docs/operations.md). A backup is one gzip file of
 * JSON lines: the manifest first (when, which shop and migration, each table's row count and
 * checksum, each stored file's checksum), then one line a table (its rows as PostgreSQL's
 * `json_agg` writes them, read in one repeatable-read snapshot) and one line a file kept in a
 * bucket (files kept in the database are rows of `photo_files`). The same SQL reads and writes
 * it on PGlite and PostgreSQL, so a backup of either restores into either.
 *
 * Since format 2 (issue 50, X-SEC-22, X-SEC-23) the last line is a signature: HMAC-SHA256 under
 * the shop's backup key (BACKUP_KEY, or DATA_DIR/backup.key; never in the backup) over every
 * byte before it, so a backup cannot be altered or made without the key. Owner sessions and
 * sign-in failures are left out: a backup opens no session.
 */

export const BACKUP_FORMAT = "grip-truth-backup";
export const BACKUP_FORMAT_VERSION = 2;

/** Tables a backup leaves out (X-SEC-22): live owner sessions and sign-in failures. */
export const LEFT_OUT_TABLES = ["owner_sessions", "owner_sign_in_failures"];

/**
 * X-DAY-12 (issue 53): tables of what the shop makes again by itself, left out of a backup so it
 * holds only what cannot be made again: the drawings' PNGs (`drawing_pngs`, drawn again on the
 * first ask and by the `drawings` job after a restore; 145 of them were 43 MB of a 44 MB backup).
 * A restore empties them with every other table, so nothing stale is served.
 */
export const REBUILT_TABLES = ["drawing_pngs"];

/** The one log line a backup writes (X-DAY-12): its size, what it holds and how long it took. */
export function backupLogLine(info: {
  bytes: number;
  ms: number;
  tables: number;
  rows: number;
  files: number;
}): string {
  const size =
    info.bytes >= 2 ** 20
      ? `${(info.bytes / 2 ** 20).toFixed(1)} MB`
      : `${Math.max(1, Math.round(info.bytes / 1024))} KB`;
  return `Backup taken: ${size} (${info.bytes} bytes), ${info.tables} tables, ${info.rows} rows, ${info.files} files, in ${info.ms} ms; left out: ${[...LEFT_OUT_TABLES, ...REBUILT_TABLES].join(", ")}.`;
}

/** The file keys the shop writes (product and review photos); a restore refuses any other. */
export function isShopFileKey(key: string): boolean {
  return PRODUCT_PHOTO_FILE_KEY.test(key) || REVIEW_PHOTO_FILE_KEY.test(key);
}

/** The most a backup may unpack to: 100 × its size, at least 64 MiB, at most 512 MiB. */
export function unpackLimit(packedBytes: number): number {
  return Math.min(512 * 2 ** 20, Math.max(64 * 2 ** 20, packedBytes * 100));
}

/** The signature line's HMAC of the text before it. */
function signatureOf(key: string, text: string): string {
  return createHmac("sha256", key).update(text, "utf8").digest("hex");
}

interface SignatureLine {
  signature: { alg: "HMAC-SHA256"; keyId: string; mac: string };
}

export interface MigrationMark {
  /** How many migrations the database had applied. */
  count: number;
  /** The last one's tag (drizzle/meta/_journal.json) and time, which orders them. */
  tag: string | null;
  when: number;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  takenAt: string;
  shopVersion: string;
  driver: string;
  migration: MigrationMark;
  tables: Record<string, { rows: number; sha256: string }>;
  sequences: Record<string, string | null>;
  files: { from: "database" | "bucket"; count: number; items: Record<string, string> };
}

type Line = { table: string; json: string } | { file: string; contentType: string; base64: string };

const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The migrations this code knows (drizzle/meta/_journal.json), oldest first. */
export async function knownMigrations(folder = path.resolve("drizzle")): Promise<JournalEntry[]> {
  const journal = JSON.parse(
    await readFile(path.join(folder, "meta", "_journal.json"), "utf8"),
  ) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The shop's version as the manifest names it: package.json's version and the last migration. */
async function shopVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.resolve("package.json"), "utf8")) as {
    version: string;
  };
  const last = (await knownMigrations()).at(-1);
  return `${pkg.version} (${last?.tag ?? "no migrations"})`;
}

/** What `SELECT` answers on either driver: its rows. */
type Rows = Record<string, unknown>[];
interface Reader {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
}
async function rows(db: Reader, query: ReturnType<typeof sql>): Promise<Rows> {
  return ((await db.execute(query)) as { rows: Rows }).rows;
}

/** The migration mark of a database (what the migrator has recorded). */
async function migrationMark(db: Reader, known: JournalEntry[]): Promise<MigrationMark> {
  const [row] = await rows(
    db,
    sql`SELECT count(*)::int AS n, max(created_at)::text AS at FROM drizzle.__drizzle_migrations`,
  );
  const when = Number(row?.at ?? 0);
  return { count: Number(row?.n ?? 0), when, tag: known.find((e) => e.when === when)?.tag ?? null };
}

/**
 * Takes a backup of the running shop: every table's rows in one read-only repeatable-read
 * transaction (a consistent copy while orders are being placed), then the bucket's files.
 */
export async function takeBackup(
  db: Database,
  files: FileStore,
  driver: string,
  key: string,
  now: Date = new Date(),
  log: (line: string) => void = (line) => console.log(line),
): Promise<Buffer> {
  const started = performance.now();
  const known = await knownMigrations();
  const lines: Line[] = [];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    takenAt: now.toISOString(),
    shopVersion: await shopVersion(),
    driver,
    migration: { count: 0, tag: null, when: 0 },
    tables: {},
    sequences: {},
    files: { from: files.kind, count: 0, items: {} },
  };
  await db.transaction(
    async (tx) => {
      manifest.migration = await migrationMark(tx, known);
      const tables = await rows(
        tx,
        sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      for (const { name } of tables as { name: string }[]) {
        if (LEFT_OUT_TABLES.includes(name) || REBUILT_TABLES.includes(name)) continue;
        const [row] = await rows(
          tx,
          sql.raw(
            `SELECT count(*)::int AS n, coalesce(json_agg(t), '[]')::text AS json FROM ${quote(name)} t`,
          ),
        );
        const json = String(row!.json);
        manifest.tables[name] = { rows: Number(row!.n), sha256: sha256(json) };
        lines.push({ table: name, json });
      }
      const sequences = await rows(
        tx,
        sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
      );
      for (const { name, value } of sequences as { name: string; value: string | null }[]) {
        manifest.sequences[name] = value;
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  if (files.kind === "bucket") {
    for (const key of await files.keys()) {
      // The nightly backups kept in the bucket are not the shop's files: a backup never holds one.
      if (key.startsWith(BUCKET_BACKUPS_PREFIX)) continue;
      const file = await files.get(key);
      if (!file) continue;
      manifest.files.items[key] = sha256(file.bytes);
      lines.push({
        file: key,
        contentType: file.contentType,
        base64: file.bytes.toString("base64"),
      });
    }
    manifest.files.count = Object.keys(manifest.files.items).length;
  } else {
    manifest.files.count = manifest.tables.photo_files?.rows ?? 0;
  }
  const text = [manifest, ...lines].map((line) => JSON.stringify(line)).join("\n") + "\n";
  const signature: SignatureLine = {
    signature: { alg: "HMAC-SHA256", keyId: backupKeyId(key), mac: signatureOf(key, text) },
  };
  const packed = await promisify(gzip)(text + JSON.stringify(signature) + "\n");
  const tables = Object.values(manifest.tables);
  log(
    backupLogLine({
      bytes: packed.length,
      ms: Math.round(performance.now() - started),
      tables: tables.length,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.count,
    }),
  );
  return packed;
}

/** A backup read back: its manifest, tables and files, checked against the manifest. */
export interface ReadBackup {
  manifest: BackupManifest;
  tables: Map<string, string>;
  files: Map<string, { contentType: string; bytes: Buffer }>;
  /** Its signature matched this shop's key (false: restored with --unsigned). */
  signed: boolean;
}

/** What a backup is checked against: this shop's key, or the owner's word (--unsigned). */
export interface BackupTrust {
  /** BACKUP_KEY, or DATA_DIR/backup.key (null: this machine has none). */
  key: string | null;
  /** The owner trusts this file: restore it without a matching signature. */
  unsigned?: boolean;
}

const UNSIGNED_HINT =
  "If you trust this file (a backup you took yourself, for instance one from before backups were signed), restore it with --unsigned. Nothing was changed.";

/** A backup that cannot be restored, with the sentence that says why (nothing was changed). */
export class BackupRefused extends Error {}

/** Reads a backup file and checks every checksum before anything is written. */
export async function readBackup(data: Buffer, trust: BackupTrust): Promise<ReadBackup> {
  let text: string;
  const limit = unpackLimit(data.length);
  try {
    // Bounded (X-SEC-23): a file that unpacks past the limit stops there, not in memory.
    text = (await promisify(gunzip)(data, { maxOutputLength: limit })).toString("utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") {
      throw new BackupRefused(
        `This file is not a shop backup: it unpacks to more than ${Math.round(limit / 2 ** 20)} MB from ${Math.ceil(data.length / 1024)} KB, which no backup does (a decompression bomb). Nothing was changed.`,
      );
    }
    throw new BackupRefused(
      "This file is not a shop backup (it is not a gzip file). Nothing was changed.",
    );
  }
  const all = text.split("\n").filter((line) => line.length > 0);
  const signed = checkSignature(text, all.at(-1) ?? "", trust);
  if (signed !== null) all.pop();
  const [first, ...rest] = all;
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(first ?? "") as BackupManifest;
  } catch {
    throw new BackupRefused(
      "This file is not a shop backup (it has no manifest). Nothing was changed.",
    );
  }
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupRefused(
      "This file is not a shop backup (its manifest is not one). Nothing was changed.",
    );
  }
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(
      `This backup was written by a newer version of the shop (${manifest.shopVersion}). Upgrade the shop, then restore it. Nothing was changed.`,
    );
  }
  checkCounts(manifest);
  const tables = new Map<string, string>();
  const files = new Map<string, { contentType: string; bytes: Buffer }>();
  for (const raw of rest) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      throw new BackupRefused("The backup is damaged: a line is not JSON. Nothing was changed.");
    }
    if ("table" in line) {
      const expected = manifest.tables[line.table];
      if (!expected || sha256(line.json) !== expected.sha256) {
        throw new BackupRefused(
          `The backup is damaged: the table ${line.table} does not match its checksum. Nothing was changed.`,
        );
      }
      // A row is at least "{}" and a comma: a count the file cannot hold is not believed.
      if (expected.rows > Math.ceil(line.json.length / 3)) {
        throw new BackupRefused(
          `The backup is damaged: the table ${line.table} holds fewer rows than its manifest says. Nothing was changed.`,
        );
      }
      tables.set(line.table, line.json);
    } else {
      if (typeof line.file !== "string" || !isShopFileKey(line.file)) {
        throw new BackupRefused(
          `The backup holds a file the shop never writes (${JSON.stringify(String(line.file).slice(0, 80))}): only product and review photo keys are restored. Nothing was changed.`,
        );
      }
      const bytes = Buffer.from(line.base64, "base64");
      if (sha256(bytes) !== manifest.files.items[line.file]) {
        throw new BackupRefused(
          `The backup is damaged: the file ${line.file} does not match its checksum. Nothing was changed.`,
        );
      }
      files.set(line.file, { contentType: line.contentType, bytes });
    }
  }
  const missingTable = Object.keys(manifest.tables).find((name) => !tables.has(name));
  const missingFile = Object.keys(manifest.files.items).find((key) => !files.has(key));
  if (missingTable || missingFile) {
    throw new BackupRefused(
      `The backup is incomplete: ${missingTable ? `the table ${missingTable}` : `the file ${missingFile}`} is missing. Nothing was changed.`,
    );
  }
  const photoFiles = tables.get("photo_files");
  if (photoFiles) {
    const keys = (JSON.parse(photoFiles) as { key?: unknown }[]).map((row) => String(row.key));
    const foreign = keys.find((key) => !isShopFileKey(key));
    if (foreign !== undefined) {
      throw new BackupRefused(
        `The backup holds a file the shop never writes (${JSON.stringify(foreign.slice(0, 80))}): only product and review photo keys are restored. Nothing was changed.`,
      );
    }
  }
  return { manifest, tables, files, signed: signed === true };
}

/**
 * Checks the last line's signature against this shop's key: true when it matches, false when
 * the owner said --unsigned, null when the file has no signature line (and --unsigned). Refuses
 * otherwise, naming --unsigned.
 */
function checkSignature(text: string, last: string, trust: BackupTrust): boolean | null {
  let line: Partial<SignatureLine> | null;
  try {
    line = JSON.parse(last) as Partial<SignatureLine>;
  } catch {
    line = null;
  }
  const signature = line && typeof line === "object" ? line.signature : undefined;
  if (!signature || typeof signature.mac !== "string") {
    if (trust.unsigned) return null;
    throw new BackupRefused(
      `This backup is not signed, so it cannot be told from a forged one. ${UNSIGNED_HINT}`,
    );
  }
  if (trust.unsigned) return false;
  // The file's own words are shown only as a short id of hex digits.
  const keyId =
    String(signature.keyId)
      .replace(/[^0-9a-f]/g, "")
      .slice(0, 12) || "none";
  if (!trust.key) {
    throw new BackupRefused(
      `This backup is signed (key ${keyId}), but this shop has no backup key: set BACKUP_KEY to the key of the shop that took it, or put its backup.key in DATA_DIR (docs/operations.md). ${UNSIGNED_HINT}`,
    );
  }
  const signedText = text.slice(0, text.length - last.length - 1);
  const expected = Buffer.from(signatureOf(trust.key, signedText), "hex");
  const given = Buffer.from(signature.mac, "hex");
  if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  if (keyId !== backupKeyId(trust.key)) {
    throw new BackupRefused(
      `This backup was signed with another key (${keyId}; this shop's is ${backupKeyId(trust.key)}): set BACKUP_KEY to the key of the shop that took it (docs/operations.md). ${UNSIGNED_HINT}`,
    );
  }
  throw new BackupRefused(
    `This backup's signature does not match its contents: it was changed after it was taken. ${UNSIGNED_HINT}`,
  );
}

/** Every count in the manifest is a whole number the file could hold (never 10^15 echoed back). */
function checkCounts(manifest: BackupManifest) {
  const counts = [
    ...Object.values(manifest.tables ?? {}).map((table) => table?.rows),
    manifest.files?.count,
  ];
  if (
    !counts.every((n) => Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) < 2 ** 31)
  ) {
    throw new BackupRefused(
      "The backup is damaged: its manifest's counts are not counts of rows. Nothing was changed.",
    );
  }
}

/** The raw database a restore writes into, before the shop opens it. */
export interface RawDatabase {
  query(text: string, params?: unknown[]): Promise<Rows>;
  /** Applies the migrations of the folder not yet applied. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A copy of the migrations folder holding only those up to `when` (an older backup's level). */
export async function migrationsUpTo(
  when: number,
): Promise<{ folder: string; done: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "grip-truth-migrations-"));
  await cp(path.resolve("drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8")) as { entries: JournalEntry[] };
  journal.entries = journal.entries.filter((entry) => entry.when <= when);
  await writeFile(journalFile, JSON.stringify(journal));
  return { folder, done: () => rm(folder, { recursive: true, force: true }) };
}

/** Tables holding what the owner and the customers made (migrations seed only the catalogue). */
const SHOP_DATA = ["orders", "owners", "product_reviews", "teams", "photo_files", "audit_log"];

export interface RestoreOptions {
  /** Replace what a non-empty database holds. */
  force?: boolean;
}

/**
 * Loads a checked backup into the database: migrates it to the backup's level, refuses a
 * database that holds a shop (unless forced) or is newer than the backup, then writes every
 * table in one transaction (parents before children) and sets the sequences. The caller then
 * opens the shop, which applies this code's later migrations, and puts the bucket's files back.
 */
export async function restoreTables(
  raw: RawDatabase,
  backup: ReadBackup,
  options: RestoreOptions = {},
): Promise<{ orders: number; photoFiles: number }> {
  const known = await knownMigrations();
  const { migration } = backup.manifest;
  const last = known.at(-1);
  if (migration.when > (last?.when ?? 0) || migration.count > known.length) {
    throw new BackupRefused(
      `This backup was made by a newer version of the shop (${backup.manifest.shopVersion}, ${migration.count} migrations; this one knows ${known.length}). Upgrade the shop to that version or later, then restore. Nothing was changed.`,
    );
  }
  const [applied] = await raw
    .query(
      "SELECT count(*)::int AS n, max(created_at)::text AS at FROM drizzle.__drizzle_migrations",
    )
    .catch(() => [{ n: 0, at: null }]);
  if (Number(applied?.at ?? 0) > migration.when) {
    throw new BackupRefused(
      `This database has been upgraded past the backup's version (${backup.manifest.shopVersion}). Restore into an empty database. Nothing was changed.`,
    );
  }
  const { folder, done } = await migrationsUpTo(migration.when);
  try {
    await raw.migrate(folder);
  } finally {
    await done();
  }
  const tables = (
    await raw.query("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'")
  ).map((row) => String(row.name));
  if (!options.force) {
    for (const name of SHOP_DATA.filter((t) => tables.includes(t))) {
      const [row] = await raw.query(`SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS full`);
      if (row?.full === true) {
        throw new BackupRefused(
          `This database already holds a shop (the table ${name} has rows). Restore into an empty database, or add --force to replace everything in it. Nothing was changed.`,
        );
      }
    }
  }
  const unknown = [...backup.tables.keys()].filter((name) => !tables.includes(name));
  if (unknown.length > 0) {
    throw new BackupRefused(
      `The backup holds tables this database does not have (${unknown.join(", ")}). Nothing was changed.`,
    );
  }
  const order = await parentsFirst(raw, tables);
  await raw.query("BEGIN");
  try {
    await raw.query(`TRUNCATE ${tables.map(quote).join(", ")} CASCADE`);
    for (const name of order) {
      const json = backup.tables.get(name);
      // An older backup's sessions and sign-in failures are not put back (X-SEC-22), nor its
      // drawings (X-DAY-12): the shop draws them again when they are asked for.
      if (
        json === undefined ||
        json === "[]" ||
        LEFT_OUT_TABLES.includes(name) ||
        REBUILT_TABLES.includes(name)
      )
        continue;
      // Generated columns (orders.status up to 0027) are the database's to write.
      const columns = (
        await raw.query(
          `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0
           AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
          [quote(name)],
        )
      )
        .map((row) => quote(String(row.name)))
        .join(", ");
      await raw.query(
        `INSERT INTO ${quote(name)} (${columns}) SELECT ${columns} FROM json_populate_recordset(null::${quote(name)}, $1::json)`,
        [json],
      );
    }
    for (const [name, value] of Object.entries(backup.manifest.sequences)) {
      if (value !== null)
        await raw.query("SELECT setval($1::regclass, $2::bigint, true)", [quote(name), value]);
    }
    // What the restore says it restored is counted in the database, not taken from the file.
    const [orders] = await raw.query("SELECT count(*)::int AS n FROM orders");
    const [photoFiles] = tables.includes("photo_files")
      ? await raw.query("SELECT count(*)::int AS n FROM photo_files")
      : [{ n: 0 }];
    await raw.query("COMMIT");
    return { orders: Number(orders?.n ?? 0), photoFiles: Number(photoFiles?.n ?? 0) };
  } catch (error) {
    await raw.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** The tables ordered so that each comes after the tables its foreign keys point at. */
async function parentsFirst(raw: RawDatabase, tables: string[]): Promise<string[]> {
  const edges = await raw.query(`SELECT c.relname AS child, p.relname AS parent
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND k.conrelid <> k.confrelid`);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of edges as { child: string; parent: string }[]) {
    parents.get(child)?.add(parent);
  }
  const done: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (done.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    path.delete(name);
    done.push(name);
  };
  for (const name of [...tables].sort()) visit(name, new Set());
  return done;
}

/** Puts the backup's bucket files into the shop's file store (a bucket, or the database). */
export async function restoreFiles(files: FileStore, backup: ReadBackup): Promise<number> {
  for (const [key, file] of backup.files) await files.put(key, file.bytes, file.contentType);
  return backup.files.size;
}
