/** "gt-10001" → "GT-10001"; undefined for anything that cannot be an order number (from a URL). */
export function normaliseOrderNumber(text: string | undefined): string | undefined {
  const value = (text ?? "").trim().toUpperCase();
  return /^[A-Z0-9-]{1,20}$/.test(value) ? value : undefined;
}
