import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { z } from "zod";
import type { ServiceSetting, ServiceSettings } from "~/security/service-settings.server";
import type { Env } from "~/shared/settings";
import { done, problem, type Result } from "~/shared/problems";
import {
  MAIL_SECURITY,
  type MailSecurity,
  type MailServerState,
  type MailTest,
} from "./mail-server";

export { MAIL_SECURITY, type MailSecurity, type MailTest };

/**
 * The outgoing mail server the owner sets on /admin/settings (X-OWN-2): host, port, security,
 * user, password (sealed, never shown again) and the sender. SMTP_URL in the environment wins when
 * set. The mailer (mailer.server.ts) reads the saved server at each send, so a save needs no
 * restart; a test message says what the server answered and, when it accepted it, ticks the
 * launch checklist's "E-mail is delivered" for that server.
 */

export interface SavedMailServer {
  host: string;
  port: number;
  security: MailSecurity;
  user: string;
  from: string;
}

/** Where e-mail goes now: SMTP_URL, the server saved in the back office, or only .eml files. */
export type MailRoute =
  | { kind: "environment"; via: string }
  | { kind: "saved"; via: string; server: SavedMailServer; password?: string }
  | { kind: "files"; via: "files"; unreadable: boolean };

const savedShape = z.object({
  host: z.string().min(1),
  port: z.number().int(),
  security: z.enum(MAIL_SECURITY),
  user: z.string(),
  from: z.string(),
});

function savedServer(row: ServiceSetting | undefined): SavedMailServer | undefined {
  const parsed = savedShape.safeParse(row?.value);
  return parsed.success ? parsed.data : undefined;
}

export function mailRoute(
  settings: Pick<Env, "SMTP_URL">,
  store: ServiceSettings | undefined,
): MailRoute {
  if (settings.SMTP_URL) {
    const url = new URL(settings.SMTP_URL);
    return { kind: "environment", via: `environment:${url.protocol}//${url.host}` };
  }
  const row = store?.get("smtp");
  const server = savedServer(row);
  if (!row || !server) return { kind: "files", via: "files", unreadable: false };
  // A password saved under another machine's key cannot be used: mail waits in files until the
  // owner types it again (the page says so).
  if (row.unreadable) return { kind: "files", via: "files", unreadable: true };
  return {
    kind: "saved",
    via: `saved:${server.host}:${server.port}:${server.security}:${server.user}:${row.updatedAt.toISOString()}`,
    server,
    password: row.secrets.password,
  };
}

/** nodemailer's options for a saved server (timeouts well inside the outbox's claim). */
export function savedTransportOptions(
  route: Extract<MailRoute, { kind: "saved" }>,
): SMTPTransport.Options {
  const { server, password } = route;
  return {
    host: server.host,
    port: server.port,
    secure: server.security === "tls",
    requireTLS: server.security === "starttls",
    ignoreTLS: server.security === "none",
    ...(server.user ? { auth: { user: server.user, pass: password ?? "" } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  };
}

/** The sender for mail sent through `route`: the saved one, else MAIL_FROM. */
export function senderFor(route: MailRoute, settings: Pick<Env, "MAIL_FROM">): string {
  return route.kind === "saved" && route.server.from ? route.server.from : settings.MAIL_FROM;
}

/** The last test message, if it was made on the server e-mail goes through now. */
export function lastMailTest(
  route: MailRoute,
  store: ServiceSettings | undefined,
): MailTest | undefined {
  const test = store?.get("smtp")?.value.lastTest as MailTest | undefined;
  return test && test.via === route.via ? test : undefined;
}

/** The launch checklist's "E-mail is delivered": a test message was accepted by today's server. */
export function mailDelivered(settings: Pick<Env, "SMTP_URL">, store: ServiceSettings): boolean {
  const route = mailRoute(settings, store);
  return route.kind !== "files" && lastMailTest(route, store)?.accepted === true;
}

/** Mail is only written to files while the shop runs in production: the log and dashboard say so. */
export function mailOnlyInFiles(
  settings: Pick<Env, "SMTP_URL" | "NODE_ENV">,
  store: ServiceSettings | undefined,
): boolean {
  return settings.NODE_ENV === "production" && mailRoute(settings, store).kind === "files";
}

export function mailServerState(
  settings: Pick<Env, "SMTP_URL" | "MAIL_FROM">,
  store: ServiceSettings,
): MailServerState {
  const route = mailRoute(settings, store);
  const row = store.get("smtp");
  const server = savedServer(row);
  const url = settings.SMTP_URL ? new URL(settings.SMTP_URL) : undefined;
  return {
    source: route.kind,
    environmentServer: url ? `${url.protocol}//${url.host}` : null,
    host: server?.host ?? "",
    port: server ? String(server.port) : "587",
    security: server?.security ?? "starttls",
    user: server?.user ?? "",
    from: server?.from || settings.MAIL_FROM,
    passwordSet: Boolean(row?.secrets.password) || Boolean(row?.unreadable),
    unreadable: Boolean(row?.unreadable),
    lastTest: lastMailTest(route, store) ?? null,
  };
}

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const SENDER = /^([^<>\r\n]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;

/** Reads the mail server form; the password left empty keeps the saved one. */
export async function saveMailServer(
  store: ServiceSettings,
  form: Record<string, string>,
  actor: string,
): Promise<Result<{ message: string }>> {
  const host = (form.smtpHost ?? "").trim().toLowerCase();
  const port = Number((form.smtpPort ?? "").trim());
  const security = form.smtpSecurity as MailSecurity;
  const user = (form.smtpUser ?? "").trim();
  const password = form.smtpPassword ?? "";
  const from = (form.smtpFrom ?? "").trim();
  const refuse = (field: string, message: string) =>
    problem("invalid_input", message, { extra: { field } });
  if (!HOST.test(host))
    return refuse("smtpHost", "Server: enter the mail server's name, such as smtp.example.com.");
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    return refuse(
      "smtpPort",
      "Port: enter a number from 1 to 65535 (587 for STARTTLS, 465 for TLS).",
    );
  }
  if (!MAIL_SECURITY.includes(security))
    return refuse("smtpSecurity", "Security: choose one of the three.");
  if (user.length > 254 || /[\r\n]/.test(user))
    return refuse("smtpUser", "User name: one line, at most 254 characters.");
  if (password.length > 1024 || /[\r\n]/.test(password)) {
    return refuse("smtpPassword", "Password: one line, at most 1024 characters.");
  }
  if (from && (!SENDER.test(from) || from.length > 254)) {
    return refuse(
      "smtpFrom",
      "From: an e-mail address, or a name and one, such as Grip Truth <orders@example.com>.",
    );
  }
  await store.save(
    "smtp",
    {
      value: { host, port, security, user, from },
      secrets: password ? { password } : user ? undefined : { password: null },
    },
    actor,
  );
  return done({
    message:
      "The mail server is saved and used from the next e-mail on, without a restart. Send a test message to check it.",
  });
}

/**
 * Sends the test message to `to` through today's route at once and records what the server
 * answered (X-OWN-2): accepted, it ticks "E-mail is delivered" for this server.
 */
export async function sendTestMessage(
  /** The shop's mailer (mailer.server.ts, which imports this module). */
  mailer: { test(to: string): Promise<Omit<MailTest, "at" | "to">> },
  store: ServiceSettings,
  to: string,
  now: Date,
): Promise<Result<{ message: string }>> {
  const answer = await mailer.test(to);
  const test: MailTest = { ...answer, at: now.toISOString(), to };
  await store.note("smtp", { ...(store.get("smtp")?.value ?? {}), lastTest: test });
  if (answer.accepted) {
    return done({
      message: `The mail server accepted the test message to ${to}. It answered: ${answer.answer}`,
    });
  }
  return problem(
    "invalid_input",
    answer.via === "files"
      ? answer.answer
      : `The test message to ${to} was not accepted. The server answered: ${answer.answer}`,
    { extra: { field: "mailTest" } },
  );
}
