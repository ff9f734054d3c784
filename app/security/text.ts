import { z } from "zod";

/**
 * Control characters (C0 and C1, DEL), which no person types into a form: a NUL makes
 * PostgreSQL refuse the text, others hide content in logs and e-mails (X-SEC-3).
 * Multi-line fields keep tab, line feed and carriage return.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const CONTROL_CHARACTER_MESSAGE =
  "Please remove the invisible control characters from the text.";

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINES : CONTROL_ANY).test(value);
}

/**
 * The one string type for text a visitor sends (X-SEC-3), used by every schema in the shop and
 * usable in the browser: `text().trim().min(1).max(80)`. `multiline` allows line breaks and tabs.
 */
export function text(options: { multiline?: boolean; error?: string } = {}) {
  const { multiline = false, error } = options;
  return z
    .string(error ? { error } : undefined)
    .refine((value) => !hasControlCharacters(value, multiline), CONTROL_CHARACTER_MESSAGE);
}

/** PostgreSQL text cannot hold NUL: such input is refused with a message, not a 500. */
export const hasNoNul = (text: string): boolean => !text.includes("\0");
