/**
 * Control characters (C0 and C1, DEL), which no person types into a form: a NUL makes
 * PostgreSQL refuse the text, others hide content in logs and e-mails (X-SEC-3).
 * Multi-line fields keep tab, line feed and carriage return. Without zod, so the stored-cart
 * reader (app/cart/cart.ts), which runs on every page, reads text by text()'s rule (X-PERF-2).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ANY = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_EXCEPT_LINES : CONTROL_ANY).test(value);
}
