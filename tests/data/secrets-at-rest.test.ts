// @module-tag driver
// Secrets at rest (issue 50 item 1, X-SEC-22): what a backup or a copy of the data folder holds
// opens nothing. Owner session rows keep only the SHA-256 of the cookie's id, backups leave out
// sessions and sign-in failures, a sent set-password link is not kept in the outbox, and the
// shop's folders and files are its user's only, whatever the umask it was started with.
import { lstat, mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import { mailOutbox, ownerSessions, ownerSignInFailures } from "~/db/schema";
import { loader as ordersApi } from "~/routes/api.admin.orders";
import { action as ownersApiPost } from "~/routes/api.admin.owners";
import { SESSION_COOKIE } from "~/owners/session.server";
import { storedSecret } from "~/security/secrets.server";
import { deliverDueMail, ONE_TIME_LINK_REMOVED } from "~/mail/outbox.server";
import { readBackup, takeBackup } from "~/server/backup.server";
import { backupTo } from "~/server/backup-cli.server";
import { nightlyBackup } from "~/server/backup-schedule.server";
import { parseEnv } from "~/server/env.server";
import { openShop } from "~/server/shop.server";
import { keepPrivate, privateFolders } from "~/server/private-files.server";
import { outboxDir } from "~/mail/mailer.server";
import { OWNER, signInCookie } from "./admin-fixtures";
import { call, decodeMail, deliverMail, postJson } from "./helpers";
import { TEST_DRIVER } from "./setup";

useTestSettings({ ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password });

type Handler = Parameters<typeof call>[0];
async function answer(handler: Handler, url: string, init?: RequestInit) {
  try {
    return await call(handler, url, init);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const LINK = /https?:\/\/\S+\/admin\/set-password\/([A-Za-z0-9_-]{43})/;

describe(`secrets at rest (${TEST_DRIVER})`, () => {
  it("X-SEC-22: a session row (as a backup or the data folder holds it), turned into a cookie, gets 401; backups hold no sessions or sign-in failures", async () => {
    const cookie = await signInCookie();
    expect((await answer(ordersApi, "/api/admin/orders", { headers: { cookie } })).status).toBe(200);
    const db = await testDb();
    await db.insert(ownerSignInFailures).values({ email: OWNER.email, address: "192.0.2.1" });

    // Whoever has the data also has the cookie-signing key (server_secrets): the cookie for the
    // id the browser holds works, the cookie for the id the table holds does not.
    const signing = createCookie(SESSION_COOKIE, { secrets: [await storedSecret(db, "owner-session")] });
    const browserId = (await signing.parse(cookie)) as string;
    const [row] = await db.select().from(ownerSessions).orderBy(desc(ownerSessions.createdAt)).limit(1);
    expect(row!.id).not.toBe(browserId);
    expect(row!.id).toMatch(/^[0-9a-f]{64}$/);
    const replay = (id: string) =>
      signing.serialize(id).then((header) => ({ cookie: header.split(";")[0]! }));
    expect((await answer(ordersApi, "/api/admin/orders", { headers: await replay(browserId) })).status).toBe(200);
    expect((await answer(ordersApi, "/api/admin/orders", { headers: await replay(row!.id) })).status).toBe(401);

    const { connection, files, settings } = theShop();
    const backup = await readBackup(
      await takeBackup(connection.db, files, connection.driver, settings.BACKUP_KEY),
      { key: settings.BACKUP_KEY },
    );
    expect(backup.tables.has("owner_sessions")).toBe(false);
    expect(backup.tables.has("owner_sign_in_failures")).toBe(false);
    expect(backup.tables.has("owners")).toBe(true);
  });

  it("X-SEC-22: a sent set-password link is replaced in the outbox; a message not yet sent keeps it, and a failed send is retried whole", async () => {
    const db = await testDb();
    const cookie = await signInCookie();
    const invited = `invited-${Date.now()}@example.com`;
    const made = await call(ownersApiPost, "/api/admin/owners", postJson({ email: invited }, { cookie }));
    expect(made.status).toBe(201);
    const stored = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, invited)).limit(1))[0]!;
    const link = LINK.exec((await stored()).text)![0];

    // The SMTP server refuses it: nothing is removed, the retry sends the link.
    const refusing = { ...theShop().mailer, send: () => Promise.reject(new Error("451 try again later")) };
    expect(await deliverDueMail(db, refusing, { claimMs: 60_000 })).toBeGreaterThan(0);
    const failed = await stored();
    expect(failed.sentAt).toBeNull();
    expect(failed.text).toContain(link);
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(mailOutbox.id, failed.id));

    await deliverMail();
    const sent = await stored();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.text).not.toContain(link);
    expect(sent.text).not.toMatch(LINK);
    expect(sent.text).toContain(ONE_TIME_LINK_REMOVED);
    expect(sent.oneTimeLinks).toBeNull();
    // The e-mail itself carried the link (the .eml the mailer wrote is the message sent).
    const dir = outboxDir(theShop().settings);
    const emls = await Promise.all(
      (await readdir(dir)).filter((f) => f.endsWith(".eml")).map((f) => readFile(path.join(dir, f), "utf8")),
    );
    expect(emls.map(decodeMail).some((text) => text.includes(link))).toBe(true);
  });

  it("X-SEC-22: started with the default umask, the shop makes DATA_DIR and BACKUP_DIR 0700, leaves no file under them readable by others (PGlite's own included), and writes backups 0600", { timeout: 120_000 }, async () => {
    const before = process.umask(0o022);
    const scratch = mkdtempSync(path.join(os.tmpdir(), "grip-truth-modes-"));
    try {
      // What an earlier version left: an open folder and files anyone could read.
      const dataDir = path.join(scratch, "data");
      const backupDir = path.join(scratch, "backups");
      await mkdir(path.join(dataDir, "outbox"), { recursive: true, mode: 0o755 });
      await writeFile(path.join(dataDir, "outbox", "old.eml"), "To: someone\n", { mode: 0o644 });
      await mkdir(backupDir, { mode: 0o755 });
      const config = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, BACKUP_DIR: backupDir, OWNER_NOTIFICATIONS: "off" });
      const said: string[] = [];
      // As app/server/main.server.ts starts: private folders (umask 077), the shop, PGlite's files.
      await privateFolders(config, (sentence) => said.push(sentence));
      expect(process.umask()).toBe(0o077);
      expect(said.join("\n")).toMatch(/^DATA_DIR \(.*\) was readable by other users of this machine: \d+ folders and files/);
      const shop = await openShop(config);
      const kept = keepPrivate(config.dataDir);
      await kept.first;
      try {
        await shop.mailer.send({ to: "buyer@example.com", subject: "Your order", text: "Thanks" });
        await backupTo(config, path.join(backupDir, "by-hand.backup"));
        expect(
          await nightlyBackup(shop.settings, shop.connection, shop.files, new Date()),
        ).toBe(1);
      } finally {
        await shop.close();
        await kept.stop();
      }
      const open: string[] = [];
      const walk = async (at: string) => {
        const found = await lstat(at);
        if ((found.mode & 0o077) !== 0) open.push(`${(found.mode & 0o777).toString(8)} ${at}`);
        if (found.isDirectory()) for (const name of await readdir(at)) await walk(path.join(at, name));
      };
      await walk(dataDir);
      await walk(backupDir);
      expect(open).toEqual([]);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, "backup.key"))).mode & 0o777).toBe(0o600);
      const backups = await readdir(backupDir);
      expect(backups.length).toBe(2);
      for (const file of backups) expect((await stat(path.join(backupDir, file))).mode & 0o777).toBe(0o600);
      // PGlite's files were there and are among those checked.
      expect((await readdir(path.join(dataDir, "pglite"))).length).toBeGreaterThan(5);
    } finally {
      process.umask(before);
    }
  });
});
