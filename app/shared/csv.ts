/**
 * CSV cells for the exports (orders, the catalogue): RFC 4180 quoting, and a cell that a
 * spreadsheet could run as a formula gets a leading ' so it shows as text: one that starts with a
 * tab or a carriage return, or whose first character after any spaces and quotes is =, +, - or @
 * (spreadsheets trim those and still run " =1+1" or "\"=1+1").
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const FORMULA_START = /^[\t\r]|^[\s"']*[=+\-@]/;

export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}

/** Opens a UTF-8 file as UTF-8 in Excel (X-DAY-6): without it, "£" and accents come out garbled. */
export const BYTE_ORDER_MARK = "\uFEFF";
