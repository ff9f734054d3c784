// Backups that cannot be forged or aimed (issue 50 item 2, X-SEC-23): a backup is signed under
// the shop's key; restore refuses an altered, foreign-keyed or unsigned file (unless --unsigned),
// a decompression bomb, file keys the shop never writes and counts the file cannot hold; the
// temporary file is never written through a planted link; the nightly job counts and rotates
// only the backups it wrote.
import { createHash, createHmac } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { theShop, useTestSettings } from "./shop";
import { BackupRefused, readBackup, takeBackup, unpackLimit } from "~/server/backup.server";
import { backupTo, restoreFrom } from "~/server/backup-cli.server";
import { backupKeyId } from "~/server/backup-key.server";
import { openControlSocket } from "~/server/control-socket.server";
import { nightlyBackup, nightlyBackups } from "~/server/backup-schedule.server";
import { parseEnv } from "~/server/env.server";
import type { Env } from "~/server/env.server";

const scratch = mkdtempSync(path.join(os.tmpdir(), "grip-truth-signing-"));
const nightlyDir = path.join(scratch, "nightly");
useTestSettings({ BACKUP_DIR: nightlyDir, BACKUP_KEEP: "2" });

/** A backup of the test shop, as text lines (manifest first, signature last). */
async function backupLines(): Promise<{ data: Buffer; lines: string[]; key: string }> {
  const { connection, files, settings } = theShop();
  const data = await takeBackup(connection.db, files, connection.driver, settings.BACKUP_KEY);
  return { data, lines: gunzipSync(data).toString("utf8").trimEnd().split("\n"), key: settings.BACKUP_KEY };
}

/** Lines (without a signature) made into a backup file, signed under `key` as the shop signs. */
function signed(lines: string[], key: string): Buffer {
  const text = lines.join("\n") + "\n";
  const mac = createHmac("sha256", key).update(text).digest("hex");
  return gzipSync(text + JSON.stringify({ signature: { alg: "HMAC-SHA256", keyId: backupKeyId(key), mac } }) + "\n");
}

const sha256 = async (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: unknown) => {
      expect(error).toBeInstanceOf(BackupRefused);
      return (error as Error).message;
    },
  );

describe("signed backups", () => {
  it("X-SEC-23: a backup is signed; an altered one (an owner added, checksums recomputed) and one signed with another key are refused, and an unsigned one needs --unsigned", async () => {
    const { data, lines, key } = await backupLines();
    const ok = await readBackup(data, { key });
    expect(ok.signed).toBe(true);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ signature: { alg: "HMAC-SHA256", keyId: backupKeyId(key) } });

    // The reviewer's forgery: one more owner, the table's checksum and count recomputed, the
    // old signature kept (they have no key).
    const body = lines.slice(0, -1);
    const at = body.findIndex((line) => line.startsWith('{"table":"owners"'));
    const owners = JSON.parse(JSON.parse(body[at]!).json as string) as Record<string, unknown>[];
    owners.push({ ...owners[0], id: "00000000-0000-4000-8000-000000000099", email: "forger@evil.test" });
    const json = JSON.stringify(owners);
    const manifest = JSON.parse(body[0]!) as { tables: Record<string, { rows: number; sha256: string }> };
    manifest.tables.owners = { rows: owners.length, sha256: await sha256(json) };
    const forged = [JSON.stringify(manifest), ...body.slice(1)];
    forged[at] = JSON.stringify({ table: "owners", json });
    const tampered = gzipSync([...forged, lines.at(-1)!].join("\n") + "\n");
    expect(await refusal(readBackup(tampered, { key }))).toMatch(/^This backup's signature does not match its contents: it was changed after it was taken\. .*--unsigned/);
    // Signed by someone else's key: named as such.
    expect(await refusal(readBackup(signed(forged, "x".repeat(40)), { key }))).toMatch(/^This backup was signed with another key .*BACKUP_KEY.*--unsigned/);
    // No key on this machine (a new one): it says what to set.
    expect(await refusal(readBackup(data, { key: null }))).toMatch(/this shop has no backup key: set BACKUP_KEY/);
    // The last release's backups carry no signature: refused, unless the owner says --unsigned.
    const unsigned = gzipSync(body.join("\n") + "\n");
    expect(await refusal(readBackup(unsigned, { key }))).toMatch(/^This backup is not signed.*restore it with --unsigned/);
    expect((await readBackup(unsigned, { key, unsigned: true })).signed).toBe(false);

    // Through the restore command's code: refused, nothing written.
    const file = path.join(scratch, "tampered.backup");
    await writeFile(file, tampered);
    const config = parseEnv({ NODE_ENV: "test", DATA_DIR: path.join(scratch, "restore-target"), BACKUP_KEY: key });
    expect(await refusal(restoreFrom(config, file, false))).toMatch(/signature does not match/);
  });

  it("X-SEC-23: a gzip bomb is refused with a sentence, unpacking no more than the limit", async () => {
    // 100 gzip members of 8 MiB of zeros each: 800 MiB from about 800 KB.
    const member = gzipSync(Buffer.alloc(8 * 2 ** 20));
    const bomb = Buffer.concat(Array.from({ length: 100 }, () => member));
    expect(bomb.length).toBeLessThan(1.5 * 2 ** 20);
    const rssBefore = process.memoryUsage().rss;
    const message = await refusal(readBackup(bomb, { key: theShop().settings.BACKUP_KEY }));
    const grew = process.memoryUsage().rss - rssBefore;
    expect(message).toMatch(/^This file is not a shop backup: it unpacks to more than \d+ MB .*\(a decompression bomb\)\. Nothing was changed\.$/);
    expect(unpackLimit(bomb.length)).toBeLessThanOrEqual(128 * 2 ** 20);
    expect(grew).toBeLessThan(300 * 2 ** 20);
  });

  it("X-SEC-23: file keys outside the photo patterns and counts the file cannot hold are refused, even when signed", async () => {
    const { lines, key } = await backupLines();
    const body = lines.slice(0, -1);
    for (const bad of ["../../../../tmp/grip-truth-owned", "backups/grip-truth-2099-01-01T00-00-00-000Z.backup"]) {
      const manifest = JSON.parse(body[0]!) as { files: { items: Record<string, string>; count: number } };
      const bytes = Buffer.from("<html>not a photo</html>");
      manifest.files.items[bad] = await sha256(bytes);
      manifest.files.count += 1;
      const planted = [JSON.stringify(manifest), ...body.slice(1), JSON.stringify({ file: bad, contentType: "text/html", base64: bytes.toString("base64") })];
      expect(await refusal(readBackup(signed(planted, key), { key }))).toMatch(/^The backup holds a file the shop never writes .*only product and review photo keys are restored/);
    }
    // A database-kept file (photo_files) under a foreign key.
    const at = body.findIndex((line) => line.startsWith('{"table":"photo_files"'));
    const json = JSON.stringify([{ key: "../escape", bytes: "\\x00", content_type: "text/html", created_at: "2026-01-01T00:00:00Z" }]);
    const manifest = JSON.parse(body[0]!) as { tables: Record<string, { rows: number; sha256: string }> };
    manifest.tables.photo_files = { rows: 1, sha256: await sha256(json) };
    const withRow = [JSON.stringify(manifest), ...body.slice(1)];
    withRow[at] = JSON.stringify({ table: "photo_files", json });
    expect(await refusal(readBackup(signed(withRow, key), { key }))).toMatch(/never writes \("\.\.\/escape"\)/);

    // 10^15 orders: not echoed back, refused.
    const counted = JSON.parse(body[0]!) as { tables: Record<string, { rows: number }> };
    counted.tables.orders!.rows = 10 ** 15;
    const huge = await refusal(readBackup(signed([JSON.stringify(counted), ...body.slice(1)], key), { key }));
    expect(huge).toMatch(/^The backup is damaged/);
    expect(huge).not.toContain("1000000000000000");
    // A count within bounds but more than the table's text can hold.
    counted.tables.orders!.rows = 10 ** 6;
    expect(await refusal(readBackup(signed([JSON.stringify(counted), ...body.slice(1)], key), { key }))).toMatch(/table orders holds fewer rows than its manifest says/);
  });

  it("X-SEC-23: a link planted at the backup's .partial name is not followed: the target is untouched and the backup is a 0600 file", async () => {
    const victim = path.join(scratch, "victim.txt");
    await writeFile(victim, "precious");
    const file = path.join(scratch, "aimed.backup");
    await symlink(victim, `${file}.partial`);
    // `npm run backup` beside a serving shop (its control socket), as on the default PGlite.
    const { connection, files, settings } = theShop();
    const dataDir = path.join(scratch, "serving");
    await mkdir(dataDir, { recursive: true });
    const control = await openControlSocket(dataDir, () =>
      takeBackup(connection.db, files, connection.driver, settings.BACKUP_KEY),
    );
    try {
      await backupTo({ ...settings, DATABASE_URL: undefined, dataDir } as Env, file);
    } finally {
      control.close();
    }
    expect(await readFile(victim, "utf8")).toBe("precious");
    const written = await lstat(file);
    expect(written.isSymbolicLink()).toBe(false);
    expect(written.mode & 0o777).toBe(0o600);
    expect((await readBackup(await readFile(file), { key: theShop().settings.BACKUP_KEY })).signed).toBe(true);
    expect((await readdir(scratch)).filter((name) => name.endsWith(".partial"))).toEqual([]);
  });

  it("X-SEC-23: the nightly job ignores backups it did not write: a planted '2099' file neither stops tonight's backup nor is rotated away", async () => {
    const { settings, connection, files } = theShop();
    await mkdir(nightlyDir, { recursive: true });
    const planted = [
      "grip-truth-2099-01-01T00-00-00-000Z.backup",
      "grip-truth-2099-01-01T00-00-00-000Z-0123456789abcdef.backup",
    ];
    for (const name of planted) await writeFile(path.join(nightlyDir, name), "not ours");
    expect(await nightlyBackups(nightlyDir, settings.BACKUP_KEY)).toEqual([]);
    for (const day of [1, 2, 3]) {
      expect(await nightlyBackup(settings, connection, files, new Date(`2026-12-0${day}T04:00:00Z`))).toBe(1);
    }
    const ours = await nightlyBackups(nightlyDir, settings.BACKUP_KEY);
    expect(ours.map((b) => b.takenAt.toISOString())).toEqual(["2026-12-03T04:00:00.000Z", "2026-12-02T04:00:00.000Z"]);
    const names = await readdir(nightlyDir);
    for (const name of planted) expect(names).toContain(name);
    expect(names.length).toBe(4);
    for (const { file } of ours) expect((await stat(path.join(nightlyDir, file))).mode & 0o777).toBe(0o600);
  });
});
