import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written when no SMTP server is configured. */
  file?: string;
}

/** Sends one e-mail (the outbox's worker is its only caller). */
export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<SentMail>;
}

export type MailerSettings = Pick<Env, "SMTP_URL" | "MAIL_FROM" | "dataDir">;

function smtpTransport(url: string): Transporter {
  // Timeouts well inside the outbox's claim, so a hung server cannot outlive the claim.
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}

/** The folder the .eml files are written to when no SMTP server is configured. */
export function outboxDir(settings: Pick<Env, "dataDir">): string {
  return path.join(settings.dataDir, "outbox");
}

/**
 * The shop's mailer, built once by the composition root: through SMTP when SMTP_URL is set,
 * otherwise each e-mail is written as an .eml file to DATA_DIR/outbox, where it can be opened and
 * read. The shop sends through the outbox (`enqueueMail`), never from a request. The shop's clock
 * names an .eml file that has no outbox row to name it.
 */
export function createMailer(settings: MailerSettings, clock: Clock): Mailer {
  const smtp = settings.SMTP_URL ? smtpTransport(settings.SMTP_URL) : undefined;
  return { send: (mail, options) => sendMail(settings, smtp, clock, mail, options) };
}

/** The .eml file's name: from the outbox row when there is one, so sending it again overwrites. */
function emlName(mail: OutgoingMail, stem: string | undefined, clock: Clock): string {
  const slug = mail.subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  const fallback = `${clock.now().toISOString().replace(/[:.]/g, "-")}-${randomUUID().slice(0, 8)}`;
  return `${stem ?? fallback}-${slug}.eml`;
}

export interface SendOptions {
  /** A fixed Message-ID (`<…@…>`), so a message sent twice is recognisably the same one. */
  messageId?: string;
  /** A fixed start for the .eml file name (the outbox passes its row's time and id). */
  fileStem?: string;
}

async function sendMail(
  settings: MailerSettings,
  smtp: Transporter | undefined,
  clock: Clock,
  mail: OutgoingMail,
  options: SendOptions = {},
): Promise<SentMail> {
  const message = { from: settings.MAIL_FROM, ...mail, messageId: options.messageId };
  if (smtp) {
    const info = await smtp.sendMail(message);
    return { messageId: String(info.messageId) };
  }
  const streamer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  const info = await streamer.sendMail(message);
  const dir = outboxDir(settings);
  // Mail holds addresses and orders: readable by the shop's user only (X-SEC-7).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, emlName(mail, options.fileStem, clock));
  // Written whole under a temporary name first: a reader never sees half a message.
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, info.message as Buffer, { mode: 0o600 });
  await rename(temp, file);
  return { messageId: String(info.messageId), file };
}
