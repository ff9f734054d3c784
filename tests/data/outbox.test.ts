import { rm, writeFile } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { startJobs } from "~/background/runner.server";
import type { Database } from "~/db/client.server";
import { testDb, theShop, useOtherProcessDb } from "./shop";
import { mailOutbox } from "~/db/schema";
import { outboxDir } from "~/mail/mailer.server";
import { deliverDueMail, enqueueMail, retryDelayMs } from "~/mail/outbox.server";
import { outbox } from "./helpers";

const TEST_DRIVER = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

const mail = (n: number) => ({
  to: `buyer${n}@example.com`,
  subject: `Message ${n}`,
  text: `Body of message ${n}`,
});

const otherProcessDb = useOtherProcessDb();

async function rows() {
  const db = await testDb();
  return db.select().from(mailOutbox);
}

describe(`mail outbox on ${TEST_DRIVER}`, () => {
  beforeEach(async () => {
    const db = await testDb();
    await db.delete(mailOutbox);
    await rm(outboxDir(theShop().settings), { recursive: true, force: true });
  });

  it("X-SCALE-4: a message written in a transaction that rolls back is never sent", async () => {
    const db = await testDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx as unknown as Database, mail(1));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await db.transaction(async (tx) => enqueueMail(tx as unknown as Database, mail(2)));
    const files = await outbox();
    expect(files).toHaveLength(1);
    expect(files[0]!.text).toContain("Message 2");
  });

  it("X-SCALE-4: one message per dedupe key, recorded as sent only after it was sent", async () => {
    const db = await testDb();
    await enqueueMail(db, mail(1), { dedupeKey: "event-1" });
    await enqueueMail(db, mail(1), { dedupeKey: "event-1" });
    const [pending] = await rows();
    expect(pending!.sentAt).toBeNull();
    expect(await outbox()).toHaveLength(1);
    const [sent] = await rows();
    expect(sent!.sentAt).toBeInstanceOf(Date);
    expect(sent!.attempts).toBe(1);
    expect(await outbox()).toHaveLength(1);
  });

  it("X-SCALE-4: workers of two processes racing send each of 40 messages exactly once", { tags: ["race"] }, async () => {
    const db = await testDb();
    for (let n = 0; n < 40; n++) await enqueueMail(db, mail(n));
    const other = await otherProcessDb();
    const worker = async (database: Database) => {
      let taken = 0;
      for (;;) {
        const n = await deliverDueMail(database, theShop().mailer, { claimMs: 60_000, batch: 3 });
        if (n === 0) return taken;
        taken += n;
      }
    };
    const taken = await Promise.all([worker(db), worker(other), worker(db), worker(other)]);
    expect(taken.reduce((a, b) => a + b, 0)).toBe(40);
    const stored = await rows();
    expect(stored.every((row) => row.sentAt && row.attempts === 1)).toBe(true);
    const files = await outbox();
    expect(files).toHaveLength(40);
    expect(new Set(files.map((f) => f.text.match(/Subject: (.*)/)?.[1])).size).toBe(40);
  });

  it("X-SCALE-4: a claim left by a killed worker runs out and another worker sends it once", { tags: ["race"] }, async () => {
    const db = await testDb();
    await enqueueMail(db, mail(7));
    // A worker claimed it and died before sending: its claim is still running.
    await db
      .update(mailOutbox)
      .set({
        claimToken: crypto.randomUUID(),
        claimedUntil: sql`now() + interval '1 hour'`,
        attempts: 1,
      });
    expect(await deliverDueMail(db, theShop().mailer, { claimMs: 60_000 })).toBe(0);
    await db.update(mailOutbox).set({ claimedUntil: sql`now() - interval '1 second'` });
    expect(await deliverDueMail(db, theShop().mailer, { claimMs: 60_000 })).toBe(1);
    const [row] = await rows();
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(2);
    expect(await outbox()).toHaveLength(1);
  });

  it("X-SCALE-4: a failed send is retried later with back-off, then sent once", async () => {
    const db = await testDb();
    await enqueueMail(db, mail(3));
    // The outbox folder cannot be created: a file stands in its way.
    await writeFile(outboxDir(theShop().settings), "not a folder");
    expect(await deliverDueMail(db, theShop().mailer, { claimMs: 60_000 })).toBe(1);
    let [row] = await rows();
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toBeTruthy();
    expect(row!.claimedUntil).toBeNull();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Not due yet: nothing is taken.
    expect(await deliverDueMail(db, theShop().mailer, { claimMs: 60_000 })).toBe(0);
    await rm(outboxDir(theShop().settings), { force: true });
    await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, row!.id));
    expect(await outbox()).toHaveLength(1);
    [row] = await rows();
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(2);
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });

  it("X-SCALE-4: the background runner sends due mail by itself and stops cleanly", async () => {
    const db = await testDb();
    await enqueueMail(db, mail(9));
    const jobs = startJobs(db, [
      { name: "outbox", everyMs: 50, batch: 10, run: (database) => deliverDueMail(database, theShop().mailer, { claimMs: 60_000 }) },
    ]);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await rows())[0]!.sentAt) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await jobs.stop();
    expect((await rows())[0]!.sentAt).toBeInstanceOf(Date);
  });
});
