import { isRouteErrorResponse } from "react-router";
import { type DestinationStream, type Logger, pino } from "pino";
import { redactTokens } from "~/shared/tokens";

/**
 * Logging without personal data or request text (X-SEC-3, X-SEC-13). An error's message may quote
 * what the request carried: a database error quotes the failing row and the query's parameters
 * (e-mails, addresses, phone numbers), a header error quotes the header's value (an attacker's
 * text, line breaks included). So an error is logged by its name, its code and where it was
 * thrown, never by its message; only a failed query's SQL text (the shop's own, with $1 for each
 * parameter) is kept. A thrown answer (a 405, a 404) is logged by its status.
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const PHONE = /\+?\d[\d ()-]{6,}\d/g;

export function redact(message: string): string {
  return message.replace(EMAIL, "[e-mail]").replace(PHONE, "[number]");
}

/** Only letters, digits and a few marks, at most `max` characters: no line breaks, no quotes. */
function plain(text: string, max = 80): string {
  return text.replace(/[^\w .:/$,()=*"-]/g, "_").slice(0, max);
}

/** Where an error was thrown: the first stack frame's file name and line, nothing else. */
function thrownAt(error: Error): string | undefined {
  for (const line of (error.stack ?? "").split("\n").slice(1)) {
    const frame = /([^\s()/\\]+):(\d+):\d+\)?\s*$/.exec(line.trim());
    if (frame) return `${plain(frame[1]!, 60)}:${frame[2]}`;
  }
  return undefined;
}

function describe(error: unknown, depth = 0): string {
  if (isRouteErrorResponse(error)) {
    return `a ${error.status} answer (${plain(error.statusText, 40) || "no status text"})`;
  }
  if (error instanceof Response) return `a ${error.status} answer`;
  if (!(error instanceof Error)) return `a thrown ${error === null ? "null" : typeof error}`;
  const parts = [plain(error.name || "Error", 60)];
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number")
    parts.push(`(code ${plain(String(code), 20)})`);
  // Drizzle: "Failed query: insert into … values ($1) params: ana@example.com,…": the SQL only.
  const query = /^Failed query: ([^\n]*?)(?:\s*params:.*)?$/s.exec(error.message)?.[1];
  if (query) parts.push(`in "${redact(plain(query, 300))}"`);
  const at = thrownAt(error);
  if (at) parts.push(`at ${at}`);
  if (error.cause && depth < 3) parts.push(`caused by ${describe(error.cause, depth + 1)}`);
  return parts.join(" ");
}

/**
 * A request's path as a log may show it: as it is when made only of letters, digits and "/._-"
 * (every page and API route of the shop), else not at all, so percent-encoded line breaks, e-mails
 * and other text a client chose never reach the log.
 */
export function loggablePath(pathname: string): string {
  // X-SEC-27: a link's token is named by its route ("/stock-alerts/confirm/:token"), not given.
  const path = redactTokens(pathname);
  return /^[\w/.:-]{1,200}$/.test(path) ? path : "(a path with other characters)";
}

/** Logs what failed and why, without personal data, request text or a stack. */
export function logError(what: string, error: unknown): void {
  console.error(`${what}: ${describe(error)}`);
}

/**
 * Keys whose values never reach a log line, wherever they sit in what is logged (issue 35,
 * X-DEPLOY-2): passwords, card details, session ids and cookies, tokens and e-mail addresses.
 */
export const REDACTED_KEYS = [
  "password",
  "newPassword",
  "card",
  "cardNumber",
  "cvc",
  "cookie",
  "authorization",
  "session",
  "sessionId",
  "token",
  "secret",
  "email",
  "customerEmail",
];
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export interface LogOptions {
  /** Where the lines go (standard output by default; a test hands in its own stream). */
  destination?: DestinationStream;
  level?: string;
  /** Fields added to every line (the request id of the request being answered). */
  mixin?: () => Record<string, unknown>;
  /**
   * false for a logger that only ever writes the shop's own fixed fields (the edge's request
   * line: method, route pattern, status, duration): no censoring pass, which was a tenth of a
   * cached page's time (issue 51). Every other logger censors.
   */
  censor?: boolean;
}

/** A string with every e-mail address and long number masked; anything else as it is. */
function masked(value: unknown): unknown {
  return typeof value === "string" ? redact(value) : value;
}

/**
 * The server's logger: one JSON line per event (time, level, message, and the request id while a
 * request is being answered), with the keys above censored and every e-mail address or long
 * number in a message masked, so neither a route's message nor a library's can leak them.
 */
export function createLog(options: LogOptions = {}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: options.mixin,
      ...(options.censor === false
        ? {}
        : {
            redact: { paths: REDACT_PATHS, censor: "[redacted]" },
            hooks: {
              logMethod(args, method) {
                method.apply(this, args.map(masked) as Parameters<typeof method>);
              },
            },
          }),
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
