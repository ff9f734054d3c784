import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Env } from "~/shared/settings";

/**
 * The sealed box (X-OWN-2, X-OWN-3): secrets the owner types into the back office (the SMTP
 * password, Stripe's keys) are kept in the database only sealed with AES-256-GCM, under a key
 * that is never in the database or its backups: SECRETS_KEY, or DATA_DIR/secrets.key, made at
 * the first save. A backup restored on another machine without that key cannot open them: the
 * owner types them in again (docs/operations.md, "Going live").
 */

/** The key file's name in DATA_DIR (the backups' BACKUP_KEY is another file). */
export const SECRETS_KEY_FILE = "secrets.key";

const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SealSettings = Pick<Env, "SECRETS_KEY" | "dataDir">;

/** SECRETS_KEY as bytes (64 hex digits or base64 / base64url of 32 bytes). */
function keyFromSetting(value: string): Buffer {
  const bytes = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, "hex")
    : Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length !== KEY_BYTES) throw new Error("SECRETS_KEY must be 32 bytes.");
  return bytes;
}

function keyFromFile(text: string, file: string): Buffer {
  const bytes = Buffer.from(text.trim(), "base64url");
  if (bytes.length !== KEY_BYTES) {
    throw new Error(
      `${file} does not hold a 32-byte key: restore the right file, or remove it and enter the saved keys again.`,
    );
  }
  return bytes;
}

/**
 * Seals and opens the back office's secrets. One per process (the composition root makes it);
 * the key is read at the first use and kept in memory.
 */
export interface SealedBox {
  /** Seals `plain`, bound to `name` (a sealed value copied to another name does not open). Makes
   *  the key file when there is none. */
  seal(name: string, plain: string): Promise<string>;
  /** Opens what `seal` made for `name`; undefined when this key cannot (another machine's key, a
   *  lost key file, a changed SECRETS_KEY). */
  open(name: string, sealed: string): Promise<string | undefined>;
  /** Where the key comes from, for the back office's pages. */
  keySource(): "SECRETS_KEY" | "key file";
}

export function sealedBox(settings: SealSettings): SealedBox {
  const file = path.join(settings.dataDir, SECRETS_KEY_FILE);
  let key: Buffer | undefined = settings.SECRETS_KEY
    ? keyFromSetting(settings.SECRETS_KEY)
    : undefined;

  /** The key, read from the file (undefined when there is none and `make` is false). */
  async function theKey(make: boolean): Promise<Buffer | undefined> {
    if (key) return key;
    const existing = await readFile(file, "utf8").then(
      (text) => keyFromFile(text, file),
      (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return undefined;
        throw error;
      },
    );
    if (existing) return (key = existing);
    if (!make) return undefined;
    // Made whole under a name of its own ('wx': never over another file; 0600: the shop's user
    // only), then linked into place: two processes sharing DATA_DIR end up with one key, and
    // none reads a half-written file.
    await mkdir(settings.dataDir, { recursive: true });
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temp, `${randomBytes(KEY_BYTES).toString("base64url")}\n`, {
      flag: "wx",
      mode: 0o600,
    });
    try {
      await link(temp, file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      });
    } finally {
      await unlink(temp).catch(() => undefined);
    }
    return (key = keyFromFile(await readFile(file, "utf8"), file));
  }

  return {
    async seal(name, plain) {
      const k = (await theKey(true))!;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", k, iv);
      cipher.setAAD(Buffer.from(name, "utf8"));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    async open(name, sealed) {
      const [version, data] = sealed.split(".");
      if (version !== VERSION || !data) return undefined;
      const k = await theKey(false);
      if (!k) return undefined;
      const bytes = Buffer.from(data, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv("aes-256-gcm", k, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(name, "utf8"));
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        return undefined;
      }
    },
    keySource: () => (settings.SECRETS_KEY ? "SECRETS_KEY" : "key file"),
  };
}
