import { z } from "zod";
import { hasControlCharacters } from "./control-characters";

export { hasControlCharacters } from "./control-characters";

export const CONTROL_CHARACTER_MESSAGE =
  "Please remove the invisible control characters from the text.";

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
