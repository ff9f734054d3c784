import { mkdirSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { openFileStore } from "~/storage/files.server";
import { writePrivateFile } from "~/storage/private-file.server";
import { ensureBackupKey, findBackupKey } from "./backup-key.server";
import { privateFolders } from "./private-files.server";
import {
  BackupRefused,
  type RawDatabase,
  readBackup,
  restoreFiles,
  restoreTables,
  takeBackup,
} from "./backup.server";
import { backupFromRunningShop, shopServesOn } from "./control-socket.server";
import { type Env, env } from "./env.server";

/** What opening a raw database needs (restore writes before the shop opens it). */
export type RawDatabaseConfig = Pick<Env, "DATABASE_URL" | "dataDir">;

/** The database the settings name, with no migrations run: what a restore writes into. */
export async function openRawDatabase(config: RawDatabaseConfig): Promise<RawDatabase> {
  if (config.DATABASE_URL) {
    const pg = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const client = new pg.default.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
      close: () => client.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  mkdirSync(config.dataDir, { recursive: true });
  const client = new PGlite(path.join(config.dataDir, "pglite"));
  return {
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    migrate: (folder) => migrate(drizzle({ client }), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/**
 * Writes the shop's backup into `file`, 0600, through a temporary name made new (`wx`, no link
 * followed), so a half file never stays and a planted link never aims it (X-SEC-23).
 */
export async function backupTo(config: Env, file: string) {
  const started = Date.now();
  const key = await ensureBackupKey(config, (sentence) => console.log(sentence));
  if (!config.DATABASE_URL) {
    // PGlite: a shop serving on DATA_DIR takes it in its own process (opening DATA_DIR beside it
    // would corrupt it); when none answers, the data is this command's to open.
    const data = await backupFromRunningShop(config.dataDir);
    if (data) {
      await readBackup(data, { key });
      await writePrivateFile(file, data);
      return { bytes: data.length, ms: Date.now() - started, fromRunningShop: true };
    }
  }
  const connection = await openDatabase(config, { migrate: false });
  try {
    const files = openFileStore(connection.db, config);
    const data = await takeBackup(connection.db, files, connection.driver, key);
    await writePrivateFile(file, data);
    return { bytes: data.length, ms: Date.now() - started, fromRunningShop: false };
  } finally {
    await connection.close();
  }
}

/** Restores `file` into the database and file store the settings name. */
export async function restoreFrom(
  config: Env,
  file: string,
  force: boolean,
  options: { unsigned?: boolean } = {},
) {
  const started = Date.now();
  if (!config.DATABASE_URL && (await shopServesOn(config.dataDir))) {
    throw new BackupRefused(
      `A shop is serving on ${config.dataDir}: stop it before restoring into its database. Nothing was changed.`,
    );
  }
  const backup = await readBackup(await readFile(file), {
    key: await findBackupKey(config),
    unsigned: options.unsigned,
  });
  const raw = await openRawDatabase(config);
  let counts;
  try {
    counts = await restoreTables(raw, backup, { force });
  } finally {
    await raw.close();
  }
  // The shop's own opening applies this version's later migrations to the restored data.
  const connection = await openDatabase(config);
  try {
    await restoreFiles(openFileStore(connection.db, config), backup);
  } finally {
    await connection.close();
  }
  const files = backup.manifest.files.from === "bucket" ? backup.files.size : counts.photoFiles;
  return { manifest: backup.manifest, orders: counts.orders, files, ms: Date.now() - started };
}

const USAGE_BACKUP = "Usage: npm run backup -- <file> (writes the whole shop into one file)";
const USAGE_RESTORE =
  "Usage: npm run restore -- <file> [--force] [--unsigned] (loads a backup into an empty database; --unsigned: one you trust that is not signed with this shop's key)";

/** `npm run backup -- <file>` (X-SAFE-1). */
export async function backupCommand(argv: readonly string[]) {
  const file = argv.find((arg) => !arg.startsWith("--"));
  if (!file) return { code: 2, message: USAGE_BACKUP };
  const config = env();
  await privateFolders(config, (sentence) => console.log(sentence));
  const { bytes, ms, fromRunningShop } = await backupTo(config, path.resolve(file));
  const by = fromRunningShop ? ` (taken by the shop serving on ${config.dataDir})` : "";
  return { code: 0, message: `Backup written to ${file}${by}: ${bytes} bytes in ${ms} ms.` };
}

/** `npm run restore -- <file> [--force] [--unsigned]` (X-SAFE-2, X-SEC-23). */
export async function restoreCommand(argv: readonly string[]) {
  const file = argv.find((arg) => !arg.startsWith("--"));
  if (!file) return { code: 2, message: USAGE_RESTORE };
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) return { code: 2, message: `There is no backup file at ${file}.` };
  try {
    const config = env();
    await privateFolders(config, (sentence) => console.log(sentence));
    const { manifest, orders, files, ms } = await restoreFrom(
      config,
      path.resolve(file),
      argv.includes("--force"),
      { unsigned: argv.includes("--unsigned") },
    );
    return {
      code: 0,
      message: `Restored the backup of ${String(manifest.takenAt).slice(0, 40)} (${String(manifest.shopVersion).slice(0, 80)}): ${orders} orders, ${files} files, in ${ms} ms.`,
    };
  } catch (error) {
    if (error instanceof BackupRefused) return { code: 1, message: error.message };
    throw error;
  }
}
