// SMTP failing (issue 40 item 4): a local SMTP server (the smtp-server package) this file runs
// itself, first away (connection refused), then refusing every message (451), then answering.
// The outbox keeps each message until the server takes it, then sends it once.
import { SMTPServer } from "smtp-server";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { testDb, theShop, useTestSettings } from "./shop";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { deliverDueMail, enqueueMail } from "~/mail/outbox.server";

const driver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";
// Ports of this project's fault tests (4320-4329), one per driver run.
const port = driver === "postgres" ? 4323 : 4322;
useTestSettings({ SMTP_URL: `smtp://127.0.0.1:${port}` });

let refusing = true;
const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    let text = "";
    stream.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    stream.on("end", () => {
      if (refusing) {
        const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
        return callback(error);
      }
      received.push(/^Subject: (.*)$/m.exec(text)?.[1] ?? "?");
      callback();
    });
  },
});
let listening = false;
afterAll(async () => {
  if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
});

const subjects = ["Fault message 1", "Fault message 2", "Fault message 3"];
async function send(db: Database) {
  const shop = theShop();
  return deliverDueMail(db, shop.mailer, { claimMs: shop.settings.OUTBOX_CLAIM_SECONDS * 1000 });
}
/** Makes every unsent message due now (instead of waiting out its back-off). */
async function dueNow(db: Database) {
  await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(sql`${mailOutbox.sentAt} IS NULL`);
}

describe(`SMTP failing (${driver})`, () => {
  it("X-SAFE-7: while the SMTP server is away or refusing, mail stays in the outbox; when it answers each message goes once", async () => {
    const db = await testDb();
    await db.transaction(async (tx) => {
      for (const subject of subjects) {
        await enqueueMail(tx as unknown as Database, { to: "buyer@example.com", subject, text: subject });
      }
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      // Away: nothing listens on the port.
      await send(db);
      let rows = await db.select().from(mailOutbox);
      expect(rows.map((r) => r.sentAt)).toEqual([null, null, null]);
      expect(rows.every((r) => r.attempts === 1 && r.nextAttemptAt > new Date())).toBe(true);

      // Answering, but refusing every message (451).
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
      listening = true;
      await dueNow(db);
      await send(db);
      rows = await db.select().from(mailOutbox);
      expect(rows.map((r) => r.sentAt)).toEqual([null, null, null]);
      expect(rows.every((r) => r.attempts === 2)).toBe(true);
      expect(received).toEqual([]);
    } finally {
      console.error = original;
    }

    // Taking them: each goes once, and sending again sends nothing more.
    refusing = false;
    await dueNow(db);
    await send(db);
    await send(db);
    await dueNow(db);
    await send(db);
    expect(received.sort()).toEqual(subjects);
    const rows = await db.select().from(mailOutbox);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  }, 60_000);
});
