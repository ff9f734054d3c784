import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "./schema";
import type { Mailer, OutgoingMail } from "./mailer.server";
import { logError } from "~/security/log.server";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface EnqueueOptions {
  /** One message per event: a second row with the same key is ignored. */
  dedupeKey?: string;
  /** What the message is about, for `onSent` hooks (e.g. "order-confirmation"). */
  kind?: string;
  /** The id of the thing it is about (e.g. the order's id). */
  ref?: string;
  /**
   * Links in the message that open something once (a set-password link): kept until the
   * message is sent, then replaced by ONE_TIME_LINK_REMOVED in the stored copy (X-SEC-22).
   */
  oneTimeLinks?: string[];
  /** Not sent before this time (a gift card's send date); absent: as soon as a worker can. */
  notBefore?: Date;
}

/** What a one-time link reads in the outbox once its message was sent. */
export const ONE_TIME_LINK_REMOVED = "[link removed after sending]";

/** The message with each of the links replaced (longest first, so none is left half-replaced). */
export function withoutLinks(text: string, links: readonly string[]): string {
  return [...links]
    .filter((link) => link.length > 0)
    .sort((a, b) => b.length - a.length)
    .reduce((out, link) => out.split(link).join(ONE_TIME_LINK_REMOVED), text);
}

/**
 * Writes an e-mail to the outbox (X-SCALE-4). Pass the transaction that makes the change the
 * e-mail reports: the message exists exactly when the change does. A worker sends it.
 */
export async function enqueueMail(
  db: Database,
  mail: OutgoingMail,
  options: EnqueueOptions = {},
): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({
      to: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? null,
      dedupeKey: options.dedupeKey ?? null,
      kind: options.kind ?? "mail",
      ref: options.ref ?? null,
      oneTimeLinks: options.oneTimeLinks?.length ? options.oneTimeLinks : null,
      ...(options.notBefore ? { nextAttemptAt: options.notBefore } : {}),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

/** Waits before the next attempt after `attempts` failures: 5 s, 10 s, 20 s … at most 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface DeliverOptions {
  /** Rows taken per round. */
  batch?: number;
  /** How long a claim holds (OUTBOX_CLAIM_SECONDS); a worker killed mid-send loses its claim
   *  after this. */
  claimMs: number;
  /** Runs in the transaction that records a message as sent. */
  onSent?: (tx: Database, row: OutboxRow) => Promise<void>;
}

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED (so workers in several processes never take
 * the same row), sends them and records each as sent, or schedules a retry with back-off.
 * Answers how many rows it claimed.
 */
export async function deliverDueMail(
  db: Database,
  mailer: Mailer,
  options: DeliverOptions,
): Promise<number> {
  const batch = options.batch ?? 10;
  const { claimMs } = options;
  const token = randomUUID();
  const claimed = await db
    .update(mailOutbox)
    .set({
      claimToken: token,
      claimedUntil: sql`now() + ${claimMs} * interval '1 millisecond'`,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(
      sql`${mailOutbox.id} IN (
        SELECT id FROM mail_outbox
        WHERE sent_at IS NULL AND next_attempt_at <= now()
          AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY next_attempt_at
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)`,
    )
    .returning();

  for (const row of claimed) {
    const ours = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimToken, token));
    try {
      const sent = await mailer.send(
        {
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html ?? undefined,
          replyTo: row.replyTo ?? undefined,
        },
        {
          // Sending again after a crash gives the same Message-ID and the same .eml file.
          messageId: `<${row.id}@outbox.griptruth>`,
          fileStem: `${row.createdAt.toISOString().replace(/[:.]/g, "-")}-${row.id.slice(0, 8)}`,
        },
      );
      // Sent: the stored copy keeps no working one-time link (X-SEC-22). Until the server took
      // it, the row keeps the links, so a failed send is retried whole.
      const links = row.oneTimeLinks ?? [];
      const redacted = links.length
        ? {
            subject: withoutLinks(row.subject, links),
            text: withoutLinks(row.text, links),
            html: row.html === null ? null : withoutLinks(row.html, links),
            oneTimeLinks: null,
          }
        : {};
      await db.transaction(async (tx) => {
        const done = await tx
          .update(mailOutbox)
          .set({
            sentAt: sql`now()`,
            messageId: sent.messageId,
            claimedUntil: null,
            lastError: null,
            ...redacted,
          })
          .where(ours)
          .returning({ id: mailOutbox.id });
        if (done.length === 1) await options.onSent?.(tx as unknown as Database, row);
      });
    } catch (error) {
      // Kept on the row for the owner; the log names the e-mail by its id only: the subject, the
      // recipient and the server's message may name the customer.
      const message = error instanceof Error ? error.message : String(error);
      logError(`E-mail ${row.id} failed (attempt ${row.attempts})`, error);
      await db
        .update(mailOutbox)
        .set({
          claimedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: sql`now() + ${retryDelayMs(row.attempts)} * interval '1 millisecond'`,
        })
        .where(ours)
        .catch((recordError: unknown) =>
          // The claim runs out by itself, so the message is still retried.
          logError("Could not record the failed attempt", recordError),
        );
    }
  }
  return claimed.length;
}

/** E-mails not yet sent (issue 35: shop_outbox_pending on GET /metrics). */
export async function countUnsentMail(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(isNull(mailOutbox.sentAt));
  return Number(row?.count ?? 0);
}

/**
 * X-SEC-24: how many messages of one kind the outbox took for one address in the last day (by
 * the database's clock, the one that stamps them), and how many of those were about `ref`: what
 * was sent, whatever became of the row that asked for it. Call it inside the transaction that
 * holds the address's lock, before enqueueing the next.
 */
export async function countMailToday(
  db: Database,
  to: string,
  kind: string,
  ref: string,
): Promise<{ all: number; aboutRef: number }> {
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      aboutRef: sql<number>`count(*) FILTER (WHERE ${mailOutbox.ref} = ${ref})::int`,
    })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.to, to),
        eq(mailOutbox.kind, kind),
        sql`${mailOutbox.createdAt} > now() - interval '1 day'`,
      ),
    );
  return { all: Number(row?.all ?? 0), aboutRef: Number(row?.aboutRef ?? 0) };
}
