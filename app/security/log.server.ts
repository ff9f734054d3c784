/**
 * Logging without personal data (X-SEC-3): database errors quote the failing row and the query's
 * parameters (e-mails, addresses, phone numbers), so only the error's kind and a redacted first
 * line of its message are logged, never a row or the parameters.
 */

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const PHONE = /\+?\d[\d ()-]{6,}\d/g;

export function redact(message: string): string {
  return message.replace(EMAIL, "[e-mail]").replace(PHONE, "[number]");
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return redact(String(error)).slice(0, 300);
  // Drizzle: "Failed query: insert into … params: ana@example.com,…": keep only the query.
  const firstLine = (error.message.split("\n")[0] ?? "").replace(/\s*params:.*$/s, "");
  const code = (error as { code?: unknown }).code;
  const parts = [`${error.name}: ${redact(firstLine).slice(0, 300)}`];
  if (typeof code === "string") parts.push(`(code ${code})`);
  if (error.cause) parts.push(`caused by ${describe(error.cause)}`);
  return parts.join(" ");
}

/** Logs what failed and why, without personal data and without a stack. */
export function logError(what: string, error: unknown): void {
  console.error(`${what}: ${describe(error)}`);
}
