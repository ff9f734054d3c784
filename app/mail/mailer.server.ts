import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { createContext, type RouterContextProvider } from "react-router";
import type { ServiceSettings } from "~/security/service-settings.server";
import type { Clock } from "~/shared/clock";
import type { Env } from "~/shared/settings";
import {
  type MailRoute,
  type MailTest,
  mailRoute,
  savedTransportOptions,
  senderFor,
} from "./mail-server.server";

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

/** Sends one e-mail (the outbox's worker is its only caller; the test message is sent at once). */
export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<SentMail>;
  /** Sends the back office's test message through today's server and says what it answered
   *  (X-OWN-2); without a server it is written to a file and not counted as delivered. */
  test(to: string): Promise<Omit<MailTest, "at" | "to">>;
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
 * The shop's mailer, built once by the composition root: through SMTP when SMTP_URL is set, else
 * through the server the owner saved on /admin/settings (read again at each send, so a save needs
 * no restart, X-OWN-2), otherwise each e-mail is written as an .eml file to DATA_DIR/outbox, where
 * it can be opened and read. The shop sends through the outbox (`enqueueMail`), never from a
 * request. The shop's clock names an .eml file that has no outbox row to name it.
 */
export function createMailer(
  settings: MailerSettings,
  clock: Clock,
  services?: ServiceSettings,
): Mailer {
  const fromEnvironment = settings.SMTP_URL ? smtpTransport(settings.SMTP_URL) : undefined;
  let saved: { via: string; transport: Transporter } | undefined;
  /** Today's route and its transport (a saved server's is made again when it changes). */
  async function current(): Promise<{ route: MailRoute; smtp: Transporter | undefined }> {
    await services?.refresh();
    const route = mailRoute(settings, services);
    if (route.kind === "environment") return { route, smtp: fromEnvironment };
    if (route.kind === "files") return { route, smtp: undefined };
    if (saved?.via !== route.via) {
      saved?.transport.close();
      saved = {
        via: route.via,
        transport: nodemailer.createTransport(savedTransportOptions(route)),
      };
    }
    return { route, smtp: saved.transport };
  }
  return {
    async send(mail, options) {
      const { route, smtp } = await current();
      return sendMail(settings, senderFor(route, settings), smtp, clock, mail, options);
    },
    async test(to) {
      const { route, smtp } = await current();
      const mail = {
        to,
        subject: "Test message from your shop",
        text: "This is the test message you asked for in the back office (Settings, Outgoing e-mail). If you are reading it, your shop's e-mail reaches people.",
      };
      if (!smtp) {
        const sent = await sendMail(settings, senderFor(route, settings), undefined, clock, mail);
        return {
          accepted: false,
          via: route.via,
          answer: `No mail server is set: the message was only written to a file (${path.basename(sent.file ?? "")}) in DATA_DIR/outbox. Nobody receives it.`,
        };
      }
      try {
        const info = (await smtp.sendMail({ from: senderFor(route, settings), ...mail })) as {
          response?: string;
          accepted?: unknown[];
        };
        const accepted = (info.accepted ?? []).length > 0;
        return { accepted, via: route.via, answer: info.response ?? "(no answer)" };
      } catch (error) {
        const failure = error as { response?: string; message?: string };
        return {
          accepted: false,
          via: route.via,
          answer: failure.response ?? failure.message ?? String(error),
        };
      }
    },
  };
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
  from: string,
  smtp: Transporter | undefined,
  clock: Clock,
  mail: OutgoingMail,
  options: SendOptions = {},
): Promise<SentMail> {
  const message = { from, ...mail, messageId: options.messageId };
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

/** The shop's mailer, put in the request context by the composition root (the back office's test
 *  message is sent from a request; every other e-mail goes through the outbox). */
export const mailerContext = createContext<Mailer | null>(null);

export function mailerFrom(context: Readonly<RouterContextProvider>): Mailer {
  const mailer = context.get(mailerContext);
  if (!mailer) throw new Error("No mailer in the request context: was it built by app/server/?");
  return mailer;
}
