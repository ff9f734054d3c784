import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "~/env.server";

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

let transporter: Transporter | undefined;

function smtpTransport(): Transporter | undefined {
  const url = env().SMTP_URL;
  if (!url) return undefined;
  transporter ??= nodemailer.createTransport(url);
  return transporter;
}

export function outboxDir(): string {
  return path.join(env().dataDir, "outbox");
}

/**
 * Sends an e-mail: through SMTP when SMTP_URL is set, otherwise written as an .eml file to
 * DATA_DIR/outbox, where it can be opened and read.
 */
export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  const message = { from: env().MAIL_FROM, ...mail };
  const smtp = smtpTransport();
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
  const dir = outboxDir();
  // Mail holds addresses and orders: readable by the shop's user only (X-SEC-7).
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const slug = mail.subject
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  const file = path.join(dir, `${stamp}-${slug}-${Math.random().toString(36).slice(2, 8)}.eml`);
  await writeFile(file, info.message as Buffer, { mode: 0o600 });
  return { messageId: String(info.messageId), file };
}
